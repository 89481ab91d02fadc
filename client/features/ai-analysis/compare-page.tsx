import { Trans, useLingui } from '@lingui/react/macro'
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { formatNumber } from '../../../shared/money.ts'
import { AppLink } from '../../components/app-link.tsx'
import { PageHead } from '../../components/page-head.tsx'
import { aiApi } from '../../lib/api/ai.ts'
import { listingsApi } from '../../lib/api/listings.ts'
import type { AiComparison } from '../../lib/api/ai.ts'
import { ApiError, UnauthenticatedError } from '../../lib/api/call.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { requireUser } from '../auth/guards.ts'
import { signedIn } from '../auth/signed-in.ts'
import { ListingCard, toCard } from '../listings/listing-card.tsx'
import { aiProblemOf, useAiProblemText, type AiProblem } from './ai-errors.ts'
import { CreditsLeft, NoCredits } from './analysis-parts.tsx'
import { ComparisonView } from './comparison-view.tsx'

const MAX_ID = 2_147_483_647

/** The two listings of the address (`?a=&b=`): two different positive ids, or null. */
export function pairOf(params: URLSearchParams): [number, number] | null {
  const id = (name: string) => {
    const text = params.get(name) ?? ''
    const n = /^\d{1,10}$/.test(text) ? Number(text) : 0
    return n > 0 && n <= MAX_ID ? n : null
  }
  const a = id('a')
  const b = id('b')
  return a !== null && b !== null && a !== b ? [a, b] : null
}

// Loading the page only shows the two listings: comparing is the button's POST, so a reload or a shared link
// never spends a credit on its own.
export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request)
  const pair = pairOf(new URL(request.url).searchParams)
  const base = { credits: user.aiCredits }
  if (!pair) return { ...base, listings: null, problem: 'invalid' as const }
  const api = context.get(apiContext)
  const language = context.get(localeContext)
  try {
    const listings = await Promise.all(pair.map((id) => listingsApi(api).get(String(id), language, request.signal)))
    return { ...base, listings: listings.map(toCard), problem: null }
  } catch (err) {
    if (err instanceof ApiError && (err.code === 'NOT_FOUND' || err.code === 'VALIDATION_ERROR'))
      return { ...base, listings: null, problem: 'not_found' as const }
    throw err
  }
})

export const action = signedIn(async function action({
  request,
  context,
}: ActionFunctionArgs): Promise<{ comparison: AiComparison } | { problem: AiProblem }> {
  const pair = pairOf(new URL(request.url).searchParams)
  if (!pair) return { problem: 'invalid' }
  try {
    return { comparison: await aiApi(context.get(apiContext)).compare(...pair, context.get(localeContext)) }
  } catch (err) {
    // the session ended: signedIn() sends the reader to sign in and back here (they press Compare again)
    if (err instanceof UnauthenticatedError) throw err
    return { problem: aiProblemOf(err) }
  }
})

/** /dashboard/favorites/compare?a=&b=: two listings side by side, compared by the AI when the reader asks (one credit). */
export function Component() {
  const { credits, listings, problem } = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const problemText = useAiProblemText()
  const comparing = navigation.state === 'submitting'
  const comparison = acted && 'comparison' in acted ? acted.comparison : null
  const failed = acted && 'problem' in acted ? acted.problem : null
  const balance = formatNumber(credits, locale)

  return (
    <section className="compare-page" aria-labelledby="compare-title">
      <PageHead title={t`Compare listings`} noindex />
      <p className="back-link">
        <AppLink to={to('/dashboard/favorites')}>
          <span aria-hidden="true" className="back-arrow">
            ←
          </span>{' '}
          <Trans>Back to favorites</Trans>
        </AppLink>
      </p>
      <h1 id="compare-title">
        <Trans>Compare listings</Trans>
      </h1>
      {problem || !listings ? (
        <div className="empty-state">
          <p>
            {problem === 'not_found'
              ? t`One of these listings is no longer available.`
              : t`Choose two different listings from your favorites to compare them.`}
          </p>
          <AppLink to={to('/dashboard/favorites')} className="button">
            <Trans>Choose from favorites</Trans>
          </AppLink>
        </div>
      ) : comparison ? (
        <>
          <ComparisonView comparison={comparison} />
          <CreditsLeft remaining={comparison.remainingCredits} />
        </>
      ) : (
        <>
          <div className="compare-preview">
            {listings.map((listing, index) => {
              const n = formatNumber(index + 1, locale)
              return (
                <div key={listing.id} className="compare-preview-side">
                  <p className="comparison-side">
                    <Trans>Listing {n}</Trans>
                  </p>
                  <ListingCard listing={listing} />
                </div>
              )
            })}
          </div>
          {credits === 0 || failed === 'no_credits' ? (
            <NoCredits />
          ) : (
            <Form method="post" className="ai-actions compare-run">
              <button type="submit" className="button" disabled={comparing} aria-describedby="compare-cost">
                {comparing ? t`Comparing…` : t`Compare with AI`}
              </button>
              <span id="compare-cost" className="hint">
                <Trans>Uses 1 AI credit (you have {balance})</Trans>
              </span>
            </Form>
          )}
          {comparing && (
            <p className="hint" role="status">
              <Trans>Comparing price, red flags and fit…</Trans>
            </p>
          )}
          {failed && failed !== 'no_credits' && (
            <p className="field-error" role="alert">
              {problemText(failed)}
            </p>
          )}
        </>
      )}
    </section>
  )
}

import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { PageHead } from '../../components/page-head.tsx'
import { apiContext, localeContext } from '../../lib/context.ts'
import { useLocalePath } from '../../lib/locale.ts'
import { signedIn } from '../auth/signed-in.ts'
import { ListingCard, toCard } from '../listings/listing-card.tsx'
import { Pagination } from '../listings/pagination.tsx'
import { CompareBar, CompareToggle, useComparePick } from './compare-pick.tsx'
import { keepAfterForm } from '../../lib/revalidation.ts'
import { favoritesApi } from '../../lib/api/favorites.ts'

// a heart taken out stays on the page, to be put back in
export const shouldRevalidate = keepAfterForm

export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext)
  const url = new URL(request.url)
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1)
  const { favorites, pagination } = await favoritesApi(api).list(
    { page, limit: 20, language: context.get(localeContext) },
    request.signal,
  )
  return { favorites: favorites.map((f) => ({ savedAt: f.createdAt, card: toCard(f.listing) })), pagination }
})

/**
 * /dashboard/favorites: the listings the user saved, newest first; the heart takes one out (and back in),
 * and two picked with "Compare" go side by side.
 */
export function Component() {
  const { favorites, pagination } = useLoaderData<typeof loader>()
  const { t } = useLingui()
  const to = useLocalePath()
  const pick = useComparePick()
  const comparable = favorites.filter((f) => f.card.status === 'active').length >= 2
  return (
    <section className="favorites-page" aria-labelledby="favorites-title">
      <PageHead title={t`Favorites`} noindex />
      <h1 id="favorites-title">
        <Trans>Favorites</Trans>
      </h1>
      {favorites.length === 0 ? (
        <div className="empty-state">
          <p>
            <Trans>No saved listings yet. Tap the heart on a listing to keep it here.</Trans>
          </p>
          <Link className="button" to={to('/listings')}>
            <Trans>Browse listings</Trans>
          </Link>
        </div>
      ) : (
        <>
          <p className="hint">
            <Plural value={pagination.totalItems} one="# saved listing" other="# saved listings" />
            {comparable && (
              <>
                {' · '}
                <Trans>Tick “Compare” on two of them to see them side by side.</Trans>
              </>
            )}
          </p>
          <div className="listing-grid">
            {favorites.map((f) => (
              <div key={f.card.id} className="favorite-item">
                <ListingCard listing={f.card} headingLevel={2} />
                {f.card.status === 'active' && <CompareToggle listing={f.card} pick={pick} />}
              </div>
            ))}
          </div>
          {comparable && <CompareBar pick={pick} />}
          <Pagination pagination={pagination} />
        </>
      )}
    </section>
  )
}

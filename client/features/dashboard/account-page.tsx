import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import {
  Form,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { PageHead } from '../../components/page-head.tsx'
import type { LinkMethod } from '../../lib/api/users.ts'
import { apiContext, identityContext, localeContext, useShell } from '../../lib/context.ts'
import { useLocale } from '../../lib/locale.ts'
import { requireUser } from '../auth/guards.ts'
import { signedIn } from '../auth/signed-in.ts'
import { ProblemMessage } from '../auth/email-forms.tsx'
import { EmailField, PasswordField } from '../auth/fields.tsx'
import { TelegramLogin } from '../auth/telegram-login.tsx'
import { accountAction, type AccountResult } from './account-actions.ts'
import { usersApi } from '../../lib/api/users.ts'

export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext)
  const user = await requireUser(context, request)
  return { user, status: await usersApi(api).accountStatus(request.signal) }
})

export const action = signedIn(async function action({ request, context }: ActionFunctionArgs) {
  return accountAction(
    context.get(apiContext),
    context.get(identityContext),
    await request.formData(),
    context.get(localeContext),
  )
})

/** Telegram: a nonce from the API binds the widget's callback to this signed-in user. */
function LinkTelegram({ bot }: { bot: string }) {
  const fetcher = useFetcher<AccountResult>()
  const locale = useLocale()
  const nonce = fetcher.data?.status === 'nonce' ? fetcher.data.nonce : null
  if (nonce)
    return (
      <TelegramLogin
        bot={bot}
        authUrl={`/api/auth/telegram-merge-callback?nonce=${encodeURIComponent(nonce)}&locale=${locale}`}
      />
    )
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="telegram-nonce" />
      <button type="submit" className="button button-small" disabled={fetcher.state !== 'idle'}>
        <Trans>Link Telegram</Trans>
      </button>
    </fetcher.Form>
  )
}

function LinkEmail({ busy }: { busy: boolean }) {
  const { t } = useLingui()
  return (
    <Form method="post" className="auth-form">
      <input type="hidden" name="intent" value="link-email" />
      <p className="hint">
        <Trans>Use an e-mail and password to sign in as well. A new address gets a confirmation link first.</Trans>
      </p>
      <EmailField />
      <PasswordField label={<Trans>Password</Trans>} name="password" autoComplete="new-password" />
      <div className="form-actions">
        <button type="submit" className="button button-small" disabled={busy}>
          {busy ? t`Linking…` : t`Link e-mail`}
        </button>
      </div>
    </Form>
  )
}

function Unlink({ method, allowed }: { method: LinkMethod; allowed: boolean }) {
  return allowed ? (
    <Form method="post">
      <input type="hidden" name="intent" value="unlink" />
      <input type="hidden" name="method" value={method} />
      <button type="submit" className="button button-ghost button-small">
        <Trans>Unlink</Trans>
      </button>
    </Form>
  ) : (
    <span className="hint">
      <Trans>Your only sign-in method cannot be removed.</Trans>
    </span>
  )
}

/** A merge happens only when the user confirms it here, and is sent with confirm_merge true (docs/decisions/018-account-linking-and-merging.md). */
function MergeConfirm({
  method,
  mergeToken,
  otherName,
  target,
}: {
  method: LinkMethod
  mergeToken: string
  otherName: string
  target: LinkMethod
}) {
  const [agreed, setAgreed] = useState(false)
  const busy = useNavigation().state === 'submitting'
  const { t } = useLingui()
  return (
    <div className="auth-card merge-card" role="region" aria-labelledby="merge-title">
      <h2 id="merge-title">
        <Trans>Merge accounts?</Trans>
      </h2>
      <p>
        <Trans>
          This sign-in already belongs to another Khaneh account ({otherName}). Merging moves its listings, favourites,
          credits and premium time into this account and closes the other one. This cannot be undone.
        </Trans>
      </p>
      <Form method="post" className="auth-form">
        <input type="hidden" name="intent" value="merge" />
        <input type="hidden" name="method" value={method} />
        <input type="hidden" name="merge_token" value={mergeToken} />
        <input type="hidden" name="target" value={target} />
        <label className="check">
          <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          <span>
            <Trans>I understand; merge the other account into this one.</Trans>
          </span>
        </label>
        <div className="form-actions">
          <button type="submit" className="button" disabled={!agreed || busy}>
            {busy ? t`Merging…` : t`Merge accounts`}
          </button>
        </div>
      </Form>
    </div>
  )
}

function DeleteAccount() {
  const { t } = useLingui()
  const word = t`delete`
  const [typed, setTyped] = useState('')
  const busy = useNavigation().state === 'submitting'
  return (
    <details className="danger-zone">
      <summary>
        <Trans>Delete account</Trans>
      </summary>
      <Form method="post" className="auth-form">
        <input type="hidden" name="intent" value="delete" />
        <p>
          <Trans>
            Your personal data is erased, your listings are removed and you are signed out everywhere. This cannot be
            undone.
          </Trans>
        </p>
        <label>
          <span>
            <Trans>Type “{word}” to confirm</Trans>
          </span>
          <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
        </label>
        <button
          type="submit"
          className="button button-danger"
          disabled={typed.trim().toLowerCase() !== word.toLowerCase() || busy}
        >
          <Trans>Delete my account</Trans>
        </button>
      </Form>
    </details>
  )
}

/** The linked Telegram account as Telegram names it: its @username, else its name (the profile's are the reader's own). */
function TelegramAccount({ account }: { account: { username: string | null; name: string | null } | null }) {
  const { t } = useLingui()
  if (account?.username) return <bdi dir="ltr">@{account.username}</bdi>
  if (account?.name) return <bdi>{account.name}</bdi>
  return <>{t`Linked`}</>
}

/** /dashboard/account-management: sign-in methods, linking and merging, deleting the account. */
export function Component() {
  const { user, status } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const [params] = useSearchParams()
  const { t } = useLingui()
  const { telegramBotUsername } = useShell().publicConfig
  const target: LinkMethod = status.telegramLinked ? 'telegram' : 'email'
  const callbackError = params.get('merge_error')
  const callbackMerge =
    params.get('merge_token') && params.get('merge_method') === 'telegram'
      ? { token: params.get('merge_token')!, name: params.get('merge_name') ?? '' }
      : null
  const linkingEmail = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'link-email'
  const email = user.email ?? ''
  const inboxEmail = result?.status === 'check-inbox' ? result.email : ''

  return (
    <section className="account-page" aria-labelledby="account-title">
      <PageHead title={t`Account management`} noindex />
      <h1 id="account-title">
        <Trans>Account management</Trans>
      </h1>
      {callbackError && (
        <p role="alert" className="alert">
          {t`Telegram merge callback failed: ${callbackError}`}
        </p>
      )}
      {result?.status === 'error' && <ProblemMessage problem={result.problem} email={email} />}
      <p role="status" className="form-status">
        {params.get('linked') === 'telegram' && t`Telegram is linked to your account.`}
        {params.get('merged') && t`The accounts are merged.`}
        {result?.status === 'done' && result.intent === 'link-email' && t`Your e-mail is linked to your account.`}
        {result?.status === 'done' && result.intent === 'unlink' && t`The sign-in method is removed.`}
      </p>
      {callbackMerge && (
        <MergeConfirm
          method="telegram"
          mergeToken={callbackMerge.token}
          otherName={callbackMerge.name}
          target={target}
        />
      )}
      {result?.status === 'merge' && (
        <MergeConfirm
          method={result.method}
          mergeToken={result.mergeToken}
          otherName={result.otherName}
          target={target}
        />
      )}

      <h2>
        <Trans>Sign-in methods</Trans>
      </h2>
      <ul className="method-list">
        <li className="method">
          <div>
            <strong>{t`Telegram`}</strong>
            <p className="hint">
              {status.telegramLinked ? <TelegramAccount account={status.telegramAccount} /> : t`Not linked`}
            </p>
          </div>
          {status.telegramLinked ? (
            <Unlink method="telegram" allowed={status.canUnlink} />
          ) : telegramBotUsername ? (
            <LinkTelegram bot={telegramBotUsername} />
          ) : (
            <span className="hint">
              <Trans>Telegram sign-in is not available on this server.</Trans>
            </span>
          )}
        </li>
        <li className="method">
          <div>
            <strong>
              <Trans>E-mail</Trans>
            </strong>
            <p className="hint">
              {status.emailLinked ? <bdi dir="ltr">{email}</bdi> : t`Not linked`}
              {status.emailLinked && (status.emailVerified ? ` · ${t`Confirmed`}` : ` · ${t`Not confirmed`}`)}
            </p>
          </div>
          {status.emailLinked && <Unlink method="email" allowed={status.canUnlink} />}
        </li>
      </ul>
      {!status.emailLinked &&
        (result?.status === 'check-inbox' ? (
          <p className="notice" aria-live="polite">
            <Trans>
              We sent a confirmation link to <bdi dir="ltr">{inboxEmail}</bdi>. Open it, then link the e-mail again.
            </Trans>
          </p>
        ) : (
          <LinkEmail busy={linkingEmail} />
        ))}

      <h2>
        <Trans>Danger zone</Trans>
      </h2>
      <DeleteAccount />
    </section>
  )
}

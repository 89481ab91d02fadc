import { Trans, useLingui } from '@lingui/react/macro'
import { useFetcher } from 'react-router'
import { usersApi } from '../../lib/api/users.ts'
import type { User } from '../../lib/api/users.ts'
import { ApiError, UnauthenticatedError } from '../../lib/api/call.ts'
import type { Api } from '../../lib/api/index.ts'

export type PhoneResult =
  | { step: 'code-sent'; phone: string }
  | { step: 'verified'; user: User }
  | {
      step: 'error'
      phone: string
      problem: 'phone' | 'wrong_code' | 'expired_code' | 'code' | 'too_many' | 'taken' | 'failed'
      message?: string
    }

/** The profile page's phone steps: send a code, then check it (POST /users/verify-phone). */
export async function phoneAction(api: Api, form: FormData): Promise<PhoneResult> {
  const phone = String(form.get('phone_number') ?? '').trim()
  const code = String(form.get('code') ?? '').trim()
  try {
    if (!code) {
      await usersApi(api).sendPhoneCode(phone)
      return { step: 'code-sent', phone }
    }
    return { step: 'verified', user: await usersApi(api).verifyPhone(phone, code) }
  } catch (err) {
    // a session that ended is the signed-in route's to turn into sign-in (signedIn())
    if (!(err instanceof ApiError) || err instanceof UnauthenticatedError) throw err
    const issue = err.fields[0]
    if (err.code === 'RATE_LIMITED') return { step: 'error', phone, problem: 'too_many' }
    if (err.reason === 'phone_taken') return { step: 'error', phone, problem: 'taken' }
    if (issue?.code === 'invalid_code') return { step: 'error', phone, problem: 'wrong_code' }
    if (issue?.code === 'expired_code') return { step: 'error', phone, problem: 'expired_code' }
    if (issue?.path.endsWith('code')) return { step: 'error', phone, problem: 'code' }
    if (issue?.path.endsWith('phone_number')) return { step: 'error', phone: '', problem: 'phone' }
    return { step: 'error', phone, problem: 'failed', message: err.message }
  }
}

export function PhoneSection({ user }: { user: User }) {
  const { t } = useLingui()
  const fetcher = useFetcher<{ phone: PhoneResult }>()
  const result = fetcher.data?.phone
  const busy = fetcher.state !== 'idle'
  const verifiedUser = result?.step === 'verified' ? result.user : user
  const phone = result && result.step !== 'verified' ? result.phone : ''
  const awaitingCode =
    result?.step === 'code-sent' || (result?.step === 'error' && result.problem !== 'phone' && result.phone !== '')
  const problems = {
    phone: t`Enter the number with + and the country code, e.g. +98 912 345 6789.`,
    wrong_code: t`That code is not right. Check the SMS and try again.`,
    expired_code: t`The code has expired or was used. Ask for a new one.`,
    code: t`The code has 6 digits.`,
    too_many: t`Too many attempts. Please try again later.`,
    taken: t`This number is verified on another account.`,
    failed: result?.step === 'error' ? (result.message ?? '') : '',
  }

  return (
    <section className="phone-section" aria-labelledby="phone-title">
      <h2 id="phone-title">
        <Trans>Phone number</Trans>
      </h2>
      {verifiedUser.phoneVerified && verifiedUser.phoneNumber && !awaitingCode ? (
        <p>
          <bdi dir="ltr">{verifiedUser.phoneNumber}</bdi> · <Trans>Verified</Trans>
        </p>
      ) : null}
      {result?.step === 'error' && (
        <p role="alert" className="alert">
          {problems[result.problem]}
        </p>
      )}
      <fetcher.Form method="post" className="auth-form" aria-busy={busy}>
        <input type="hidden" name="intent" value="phone" />
        <label>
          <span>{verifiedUser.phoneVerified ? t`New phone number` : t`Mobile number`}</span>
          <input
            name="phone_number"
            type="tel"
            dir="ltr"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={40}
            defaultValue={phone || (verifiedUser.phoneVerified ? '' : (verifiedUser.phoneNumber ?? ''))}
            readOnly={awaitingCode}
          />
        </label>
        {awaitingCode && (
          <label>
            <span>
              <Trans>Code from the SMS</Trans>
            </span>
            <input
              name="code"
              dir="ltr"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              pattern="[0-9۰-۹٠-٩ ]{6,8}"
              maxLength={8}
              autoFocus
            />
          </label>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-small" disabled={busy}>
            {busy ? t`Sending…` : awaitingCode ? t`Verify` : t`Send a code`}
          </button>
          <span role="status" className="form-status">
            {result?.step === 'code-sent' && t`We sent a 6-digit code by SMS. It works for 10 minutes.`}
            {result?.step === 'verified' && t`Your phone number is verified.`}
          </span>
        </div>
      </fetcher.Form>
    </section>
  )
}

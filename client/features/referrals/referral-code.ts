import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { REFERRAL_QUERY } from '../../../shared/paths.ts'
import { referralsApi } from '../../lib/api/referrals.ts'
import { browserTransport } from '../../lib/api/browser.ts'
import { ApiError } from '../../lib/api/call.ts'
import { createApi, type Api } from '../../lib/api/index.ts'
import { useShell } from '../../lib/context.ts'

/** Where a visit's referral code waits for the sign-up: this browser's storage, until it has been sent once. */
const STORED_REFERRAL = 'khaneh.referral'

/** Remembers the `?ref=` code of the address (any page), for the sign-up that may follow. */
function rememberReferral(search: string): void {
  const code = new URLSearchParams(search).get(REFERRAL_QUERY)?.trim()
  if (!code) return
  try {
    window.localStorage.setItem(STORED_REFERRAL, code)
  } catch {
    // no storage: the link simply does not count
  }
}

let sending: Promise<void> | null = null

/**
 * Sends a remembered referral code once for the signed-in account (e-mail or Telegram alike): POST
 * /referrals/signup. The API decides whether it still may (soon after sign-up, once, not one's own);
 * any answer but a network failure ends the code's wait.
 */
function applyRememberedReferral(api: Api): Promise<void> {
  sending ??= (async () => {
    let code: string | null = null
    try {
      code = window.localStorage.getItem(STORED_REFERRAL)
    } catch {
      return
    }
    if (!code) return
    try {
      await referralsApi(api).signup(code)
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'NETWORK_ERROR' || err.status === 401 || err.status >= 500) return
    }
    window.localStorage.removeItem(STORED_REFERRAL)
  })().finally(() => {
    sending = null
  })
  return sending
}

/**
 * The referral link's whole journey, run by the root on every navigation: a `?ref=` code is
 * remembered, then sent once there is a session — on a page loaded signed in (a Telegram sign-in
 * lands so) or on the first page after the sign-in page (an e-mail sign-up goes on from there).
 * Its own client: a 401 here means "not yet", never "sign in again".
 */
export function useReferralLink(): void {
  const location = useLocation()
  const { hasSession } = useShell()
  const previous = useRef<string | null>(null)
  useEffect(() => {
    rememberReferral(location.search)
    const fromSignIn = previous.current !== null && /\/auth(\/|$)/.test(previous.current)
    previous.current = location.pathname
    if (hasSession || fromSignIn) void applyRememberedReferral(createApi(browserTransport))
  }, [location.pathname, location.search, hasSession])
}

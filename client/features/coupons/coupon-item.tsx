import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import { formatDate } from '../../../shared/dates.ts'
import { localeInfo } from '../../../shared/locales.ts'
import { formatAmount, formatNumber } from '../../../shared/money.ts'
import { ErrorLine } from '../../components/error-line.tsx'
import { adminCouponsApi } from '../../lib/api/coupons.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { ApiError } from '../../lib/api/call.ts'
import type { AdminCoupon } from '../../lib/api/coupons.ts'
import { useLocale } from '../../lib/locale.ts'
import { PLAN_LABELS, STATE_LABELS } from './coupon-labels.ts'

/** One coupon of the admins' list: what it does, its state and uses, and switching it off (after a confirmation) or on. */
export function CouponItem({ coupon, onChanged }: { coupon: AdminCoupon; onChanged: (coupon: AdminCoupon) => void }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const id = useId()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // after a switch (or a cancelled one) the button that had the focus is gone: its counterpart takes the focus
  const focusAfterSwitch = useRef(false)
  const takeFocus = (button: HTMLButtonElement | null) => {
    if (button && focusAfterSwitch.current) {
      focusAfterSwitch.current = false
      button.focus()
    }
  }
  const n = (value: number) => formatNumber(value, locale)
  // "a, b and c" in the reader's language (a middle dot reads as a zero among Persian digits)
  const list = (parts: Array<string | false | null | undefined>) =>
    new Intl.ListFormat(localeInfo(locale).language).format(parts.filter((p): p is string => Boolean(p)))
  const code = <bdi dir="ltr">{coupon.code}</bdi>

  const grant = coupon.grant ?? { premiumDays: 0, aiCredits: 0, freeBoosts: 0 }
  const percent = coupon.percentOff === null ? '' : n(coupon.percentOff)
  // in euros, as the admins enter it (readers in fa see a discount in rials)
  const amount = coupon.amountOffEur === null ? '' : formatAmount(coupon.amountOffEur, 'EUR', locale)
  const what =
    coupon.kind === 'percent'
      ? t`${percent}% off`
      : coupon.kind === 'fixed'
        ? t`${amount} off`
        : list([
            grant.premiumDays > 0 &&
              t({ message: plural(grant.premiumDays, { one: '# day of premium', other: '# days of premium' }) }),
            grant.aiCredits > 0 &&
              t({ message: plural(grant.aiCredits, { one: '# AI credit', other: '# AI credits' }) }),
            grant.freeBoosts > 0 &&
              t({ message: plural(grant.freeBoosts, { one: '# free boost', other: '# free boosts' }) }),
          ])
  const plans = coupon.planKeys && list(coupon.planKeys.map((key) => i18n._(PLAN_LABELS[key])))
  const used = n(coupon.usedCount)
  const max = coupon.maxUses === null ? null : n(coupon.maxUses)
  const lastDay = coupon.expiresAt ? formatDate(coupon.expiresAt, locale) : null
  const created = formatDate(coupon.createdAt, locale)

  function cancel() {
    focusAfterSwitch.current = true
    setConfirming(false)
  }

  async function setActive(isActive: boolean) {
    setBusy(true)
    setError(null)
    try {
      const changed = await adminCouponsApi(browserApi()).setActive(coupon.code, isActive)
      focusAfterSwitch.current = true
      setConfirming(false)
      onChanged(changed)
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === 'NETWORK_ERROR'
          ? t`Network error. Please check your connection.`
          : t`That did not work. Please reload the page and try again.`,
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <li className="coupon-item" aria-labelledby={`${id}-code`} aria-busy={busy}>
      <h3 id={`${id}-code`} className="coupon-code">
        {code}
      </h3>
      <span className={`status-chip coupon-state-${coupon.state}`}>{i18n._(STATE_LABELS[coupon.state])}</span>
      <p className="coupon-what">{what}</p>
      <dl className="coupon-facts">
        {coupon.kind !== 'grant' && (
          <div>
            <dt>
              <Trans>Plans</Trans>
            </dt>
            <dd>{plans ?? t`Every plan`}</dd>
          </div>
        )}
        <div>
          <dt>
            <Trans>Uses</Trans>
          </dt>
          <dd>
            {max === null ? (
              <Trans>{used}, no limit</Trans>
            ) : (
              <Trans>
                {used} of {max}
              </Trans>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Last day</Trans>
          </dt>
          <dd>{lastDay ?? t`No expiry`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Created</Trans>
          </dt>
          <dd>{created}</dd>
        </div>
      </dl>
      <div className="coupon-actions">
        {!coupon.isActive ? (
          <button
            ref={takeFocus}
            type="button"
            className="button button-small button-ghost"
            disabled={busy}
            onClick={() => setActive(true)}
          >
            <Trans>Switch on again</Trans>
          </button>
        ) : confirming ? (
          <span
            className="confirm"
            role="group"
            aria-labelledby={`${id}-confirm`}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && !busy) cancel()
            }}
          >
            <span id={`${id}-confirm`}>
              <Trans>Disable {code}? Nobody can use it afterwards.</Trans>
            </span>
            <button
              type="button"
              className="button button-small button-danger"
              disabled={busy}
              // the question replaces the button that had the focus: the answer takes it
              autoFocus
              onClick={() => setActive(false)}
            >
              <Trans>Yes, disable</Trans>
            </button>
            <button type="button" className="button button-small button-ghost" disabled={busy} onClick={cancel}>
              <Trans>Keep it</Trans>
            </button>
          </span>
        ) : (
          <button
            ref={takeFocus}
            type="button"
            className="button button-small button-ghost"
            onClick={() => setConfirming(true)}
          >
            <Trans>Disable</Trans>
          </button>
        )}
      </div>
      <ErrorLine message={error} />
    </li>
  )
}

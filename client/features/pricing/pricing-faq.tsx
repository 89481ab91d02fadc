import { Trans } from '@lingui/react/macro'
import { BOOST_DAYS } from '../../../shared/constants.ts'
import { formatNumber, formatRent } from '../../../shared/money.ts'
import {
  BOOST_PRICE_MINOR,
  CONTACT_PRICE_MINOR,
  eurOf,
  FREE_DAILY_REVEALS,
  REFERRAL_PREMIUM_DAYS,
} from '../../../shared/plans.ts'
import { useLocale } from '../../lib/locale.ts'

/** The questions buyers ask before paying; every figure comes from shared/plans.ts. */
export function PricingFaq() {
  const locale = useLocale()
  const reveals = formatNumber(FREE_DAILY_REVEALS, locale)
  const contactPrice = formatRent(eurOf(CONTACT_PRICE_MINOR), 'EUR', locale)
  const boostPrice = formatRent(eurOf(BOOST_PRICE_MINOR), 'EUR', locale)
  const boostDays = formatNumber(BOOST_DAYS, locale)
  const referralDays = formatNumber(REFERRAL_PREMIUM_DAYS, locale)
  return (
    <section className="pricing-faq" aria-labelledby="faq-title">
      <h2 id="faq-title">
        <Trans>Questions</Trans>
      </h2>
      <details>
        <summary>
          <Trans>Does premium renew by itself?</Trans>
        </summary>
        <p>
          <Trans>
            No. You pay once for the days of the plan. When they end you are back on the free plan, and buying again
            adds the new days after the ones you still have.
          </Trans>
        </p>
      </details>
      <details>
        <summary>
          <Trans>What if I only need one more contact?</Trans>
        </summary>
        <p>
          <Trans>
            Everyone sees {reveals} new contacts a day for free. After that, one listing's contact costs {contactPrice},
            and it stays open for you.
          </Trans>
        </p>
      </details>
      <details>
        <summary>
          <Trans>What is a boost?</Trans>
        </summary>
        <p>
          <Trans>
            A boosted listing is shown first in search for {boostDays} days. Premium plans include free boosts;
            otherwise a boost costs {boostPrice}.
          </Trans>
        </p>
      </details>
      <details>
        <summary>
          <Trans>How do I pay?</Trans>
        </summary>
        <p>
          <Trans>You pay by card on a secure checkout page. Premium starts as soon as the payment is confirmed.</Trans>
        </p>
      </details>
      <details>
        <summary>
          <Trans>Can I get premium days for free?</Trans>
        </summary>
        <p>
          <Trans>
            Invite friends with your referral link: when a friend you invited first pays, you get {referralDays} days of
            premium.
          </Trans>
        </p>
      </details>
    </section>
  )
}

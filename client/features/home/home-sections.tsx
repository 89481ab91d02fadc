import { Trans } from '@lingui/react/macro'
import { Link } from 'react-router'
import { useLocalePath } from '../../lib/locale.ts'

/** Home: the four steps from search to keys. */
export function HowItWorks() {
  const to = useLocalePath()
  return (
    <section className="container section" aria-labelledby="how-title">
      <h2 id="how-title">
        <Trans>How Khaneh works</Trans>
      </h2>
      <ol className="steps" role="list">
        <li className="step">
          <h3>
            <Trans>Search</Trans>
          </h3>
          <p>
            <Trans>Find apartments and rooms by city, type, price and dates — in your language.</Trans>
          </p>
        </li>
        <li className="step">
          <h3>
            <Trans>Sign in and contact</Trans>
          </h3>
          <p>
            <Trans>Sign in with Telegram or e-mail to see the owner’s contact, save favourites and get alerts.</Trans>
          </p>
        </li>
        <li className="step">
          <h3>
            <Trans>View before you pay</Trans>
          </h3>
          <p>
            <Trans>Meet the owner and see the home before any money changes hands.</Trans>
          </p>
        </li>
        <li className="step">
          <h3>
            <Trans>Offer your own place</Trans>
          </h3>
          <p>
            <Trans>Posting is free. A moderator checks every listing before it goes live.</Trans>
          </p>
        </li>
      </ol>
      <p className="section-more">
        <Link to={to('/faq')}>
          <Trans>Questions? Read the FAQ</Trans>
        </Link>
      </p>
    </section>
  )
}

/** Home: how we keep scams out, and the way to the safety guide. */
export function SafetySection() {
  const to = useLocalePath()
  return (
    <section className="container section" aria-labelledby="safety-title">
      <div className="safety-panel">
        <h2 id="safety-title">
          <Trans>Rent safely</Trans>
        </h2>
        <ul>
          <li>
            <Trans>Every listing is checked by a moderator before it is published, and again after each change.</Trans>
          </li>
          <li>
            <Trans>Owners’ phone numbers are shown only to signed-in members, a few a day — not to bots.</Trans>
          </li>
          <li>
            <Trans>Report a suspicious listing with one click; our moderators review every report.</Trans>
          </li>
          <li>
            <Trans>Khaneh never asks for rent or a deposit. Never pay before you have seen the home.</Trans>
          </li>
        </ul>
        <Link to={to('/safety-guide')} className="button">
          <Trans>Read the safety guide</Trans>
        </Link>
      </div>
    </section>
  )
}

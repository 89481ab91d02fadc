import { Trans } from '@lingui/react/macro'
import { AppLink } from '../../components/app-link.tsx'
import { onDemand } from '../../lib/on-demand.ts'
import { useSignInHere } from '../auth/sign-in-here.ts'

/** The listing, and its owner's phone when the reader opened it before. */
export interface ContactProps {
  listingId: number
  contact: string | null
}

/** The reveal's first look while its script loads: the phone opened before, or the button, disabled. */
function ContactStandIn({ contact }: ContactProps) {
  if (contact !== null)
    return (
      <div className="contact-reveal" aria-busy="true">
        <a className="button" href={`tel:${contact.replace(/[^\d+]/g, '')}`} dir="ltr">
          {contact}
        </a>
      </div>
    )
  return (
    <div className="inline-form" aria-busy="true">
      <button type="button" className="button" disabled>
        <Trans>Show contact</Trans>
      </button>
    </div>
  )
}

// a signed-in reader's reveal (and its checkout) comes on demand (docs/decisions/040-script-budget-per-page.md)
const ContactReveal = onDemand(() => import('./contact-reveal.tsx').then((m) => m.ContactReveal), ContactStandIn)

/** "Show contact" on someone else's listing: a signed-in reader's reveal, or, signed out, sign-in and back. */
export function ContactButton(props: ContactProps) {
  const signIn = useSignInHere()
  if (!signIn) return <ContactReveal {...props} />
  return (
    <AppLink to={signIn} className="button">
      <Trans>Show contact</Trans>
    </AppLink>
  )
}

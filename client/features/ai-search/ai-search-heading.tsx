import { Trans } from '@lingui/react/macro'

/** A country the AI search may answer in: its name for the chips, its currency for prices. */
interface Country {
  code: string
  name: string
  currency: string
}

/** The AI search's props: the filter's countries, and the page's city (its name in the reader's language). */
export interface AiSearchProps {
  countries: Country[]
  city?: { key: string; name: string }
}

/** The AI search's heading, the same signed in and out (`id` names the section). */
export function AiSearchHeading({ id }: { id: string }) {
  return (
    <h2 id={id}>
      <span className="ai-mark" aria-hidden="true">
        ✦
      </span>{' '}
      <Trans>Search in your own words</Trans>
    </h2>
  )
}

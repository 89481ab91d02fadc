import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { AppLink } from '../../components/app-link.tsx'
import type { Place } from '../../lib/api/locations.ts'

/** A typed place that names no single city or country: what the search found instead. */
export interface UnresolvedPlace {
  status: 'ambiguous' | 'unknown'
  /** The words as typed. */
  text: string
  /** The places bearing that name (ambiguous) or the nearest names (unknown), each with its search's URL. */
  places: Array<Place & { to: string }>
}

/**
 * In place of the results: which of the places bearing a typed name, or that none does and what is near
 * it. Words and links (the app's, which one handler routes): the page keeps the server's HTML of it with
 * no script (`keptPart`, docs/decisions/040-script-budget-per-page.md).
 */
export default function PlaceChoice({
  unresolved,
  countryName,
}: {
  unresolved: UnresolvedPlace
  countryName?: string
}) {
  const { t } = useLingui()
  const { status, text, places } = unresolved
  const cityOf = ({ name: city, countryName: country }: Place) => t`${city}, ${country}`
  return (
    <div className="empty place-choice">
      <p className="place-choice-message">
        {status === 'ambiguous' ? (
          <Trans>More than one place is called “{text}”. Which one do you mean?</Trans>
        ) : countryName ? (
          <Trans>
            We know no city called “{text}” in {countryName}.
          </Trans>
        ) : (
          <Trans>We know no city or country called “{text}”.</Trans>
        )}
      </p>
      {status === 'unknown' && (
        <p>
          {places.length > 0 ? (
            <Trans>Did you mean one of these?</Trans>
          ) : (
            <Trans>Check the spelling, or pick a place from the suggestions as you type.</Trans>
          )}
        </p>
      )}
      {places.length > 0 && (
        <ul className="place-choices" role="list">
          {places.map((place) => (
            <li key={`${place.countryCode}-${place.cityKey ?? ''}`}>
              <AppLink to={place.to}>
                {place.kind === 'country' ? (
                  <>
                    <span aria-hidden="true">{place.flag}</span> {place.name}
                  </>
                ) : (
                  cityOf(place)
                )}
              </AppLink>
              <small>
                <Plural value={place.listingsCount} one="# listing" other="# listings" />
              </small>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

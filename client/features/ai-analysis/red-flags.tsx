import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { RED_FLAGS } from '../../../shared/schemas/ai.ts'
import type { AiRedFlag } from '../../lib/api/ai.ts'

/** A short name for each warning sign; the API's sentence (already in the reader's language) explains it. */
export const RED_FLAG_TITLES: Record<(typeof RED_FLAGS)[number], MessageDescriptor> = {
  rent_far_below_median: msg`Rent far below similar listings`,
  owner_abroad: msg`Owner abroad or keys by post`,
  deposit_before_viewing: msg`Money asked before a viewing`,
  contact_off_platform: msg`Contact pushed off Khaneh`,
  duplicate_text: msg`Text copied from another listing`,
  duplicate_photos: msg`Photos copied from another listing`,
}

/** A warning triangle: the severity is also said in words beside it, never by colour alone. */
function WarningIcon() {
  return (
    <svg className="red-flag-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M12 2.5 1.5 21h21L12 2.5Z" fill="currentColor" />
      <path d="M11 9h2v6h-2zM11 16.5h2v2h-2z" fill="#fff" />
    </svg>
  )
}

/** A check mark for "none found". */
export function OkIcon() {
  return (
    <svg className="ok-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  )
}

/**
 * The red flags of one listing as callouts, high risk first. `announce`: the list is a live alert, so a
 * screen reader reads the warnings as they appear (the analysis on the listing page).
 */
export function RedFlagList({ flags, announce = false }: { flags: AiRedFlag[]; announce?: boolean }) {
  const { i18n } = useLingui()
  if (flags.length === 0)
    return (
      <p className="red-flags-none">
        <OkIcon /> <Trans>No red flags found.</Trans>
      </p>
    )
  const sorted = [...flags].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'high' ? -1 : 1))
  return (
    <div role={announce ? 'alert' : undefined}>
      <ul className="red-flags">
        {sorted.map((flag) => (
          <li key={flag.code} className={`red-flag red-flag-${flag.severity}`}>
            <WarningIcon />
            <div>
              <p className="red-flag-title">
                <strong>{i18n._(RED_FLAG_TITLES[flag.code])}</strong>{' '}
                <span className="red-flag-severity">
                  {flag.severity === 'high' ? <Trans>High risk</Trans> : <Trans>Be careful</Trans>}
                </span>
              </p>
              <p className="red-flag-reason">{flag.reason}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}

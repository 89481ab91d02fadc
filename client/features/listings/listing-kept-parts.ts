import { keptPart } from '../../lib/kept-part.tsx'

// A listing page's parts that need no script while the page stays as the server sent it (`keptPart`,
// docs/decisions/040-script-budget-per-page.md); a navigation's loader (listing-loader.ts) fetches their
// script with the listing, for the page to render them afresh.

/** A listing's place in words and its map's frame (../map/listing-map.tsx): live once the section nears the viewport. */
export const ListingMap = keptPart(() => import('../map/listing-map.tsx'))

/** What a listing's owner sees instead of the contact and the heart (own-listing-panel.tsx): its script comes when the owner uses it. */
export const OwnListingPanel = keptPart(() => import('./own-listing-panel.tsx'))

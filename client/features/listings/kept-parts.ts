import { keptPart } from '../../lib/kept-part.tsx'

// The listings page's parts that need no script while the page stays as the server sent it
// (`keptPart`, docs/decisions/040-script-budget-per-page.md); its loader (listings-loader.ts) fetches
// their script with a new search's results, for the page to render them afresh.

/** The listings filter's fields but the place's (filter-fields.tsx). */
export const FilterFields = keptPart(() => import('./filter-fields.tsx'))

/** In place of the results, for a typed place that names no one (place-choice.tsx). */
export const PlaceChoice = keptPart(() => import('./place-choice.tsx'))

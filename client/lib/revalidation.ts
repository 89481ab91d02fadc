import type { ShouldRevalidateFunctionArgs } from 'react-router'

/**
 * A page's `shouldRevalidate` when its forms (its own action's, or a heart's to /favorite) change
 * nothing else its loaders read: what they change the page shows from the action's answer, so the
 * page is not read again after them (docs/decisions/041-forms-without-javascript.md).
 */
export const keepAfterForm = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod?.toUpperCase() === 'POST' ? false : defaultShouldRevalidate

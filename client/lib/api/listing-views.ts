import type { Api } from './call.ts'

/**
 * A listing page's view count: the one call a listing's first visit makes, in a module of its own so
 * that visit does not download the other listing reads (./listings.ts; docs/decisions/040-script-budget-per-page.md).
 */
export const listingViewsApi = ({ call }: Api) => ({
  /** Counts a view of the listing's page (sent by the page once it has loaded; never awaited by rendering). */
  async view(id: number): Promise<void> {
    await call('ViewCountedSchema', `/listings/${id}/view`, { method: 'POST', body: {} })
  },
})

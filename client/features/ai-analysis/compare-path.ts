/** The comparison page of two listings: an address to share or come back to; comparing there is a button (a reload spends no credit). */
export const comparePath = (to: (path: string) => string, a: number, b: number): string =>
  `${to('/dashboard/favorites/compare')}?a=${a}&b=${b}`

/** A listing as its public reads name it: by id or by slug. */
export interface ListingRef {
  id: number
  slug: string
}

/**
 * The public listings changed in this process, newest last, so that the answer to a write can name
 * what changed while it ran (LISTINGS_CHANGED_HEADER; docs/decisions/006-caches-and-their-lifetimes.md).
 * A concurrent write's listings may be named too: a cache forgetting one listing too many is harmless.
 */
export function listingChanges(kept = 500) {
  let last = 0
  /** `names` null: every listing changed (an expiry sweep, an account deletion). */
  const log: Array<{ seq: number; names: string[] | null }> = []

  return {
    /** Notes a change of one listing, or of all of them. */
    record(listing?: ListingRef): void {
      log.push({ seq: ++last, names: listing ? [String(listing.id), listing.slug] : null })
      if (log.length > kept) log.shift()
    },

    /** A mark to ask `since` about later. */
    mark(): number {
      return last
    },

    /** The header value naming what changed after `mark` (`*` for all, or when the log no longer reaches back); undefined when nothing did. */
    since(mark: number): string | undefined {
      if (mark === last) return undefined
      if (log.length === 0 || log[0]!.seq > mark + 1) return '*'
      const names = new Set<string>()
      for (const change of log) {
        if (change.seq <= mark) continue
        if (!change.names) return '*'
        for (const name of change.names) names.add(name)
      }
      return [...names].join(',')
    },
  }
}
export type ListingChanges = ReturnType<typeof listingChanges>

import type { FastifyRequest } from 'fastify'
import { AppError } from '../lib/errors.ts'

/** Who is asking: the signed-in user of a request (set from its access token). */
export interface Viewer {
  userId: number
  role: 'user' | 'admin'
}

/** What the rules need of a listing: its owner and, to tell what is public, its status. */
export interface ListingAccess {
  owner_id: number
  status: string
}

/** The viewer of a route behind `requireUser`; without one, 401. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.auth) throw new AppError('UNAUTHENTICATED')
  return request.auth
}

/** The viewer of a public route, or null for an anonymous reader. */
export const optionalViewerOf = (request: FastifyRequest): Viewer | null => request.auth ?? null

export const isAdmin = (viewer: Viewer | null): boolean => viewer?.role === 'admin'

export const isOwner = (viewer: Viewer | null, listing: Pick<ListingAccess, 'owner_id'>): boolean =>
  viewer !== null && viewer.userId === listing.owner_id

/** The owner and moderators manage a listing: read it in any status with its contact, edit it, see its numbers and photos. */
export const canManage = (viewer: Viewer | null, listing: Pick<ListingAccess, 'owner_id'>): boolean =>
  isOwner(viewer, listing) || isAdmin(viewer)

/** Only active listings are public (docs/decisions/014-listing-statuses-and-moderation.md); those who manage a listing see it in any status. */
export const canSee = (viewer: Viewer | null, listing: ListingAccess): boolean =>
  listing.status === 'active' || canManage(viewer, listing)

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, LanguageParam } from '../../../../shared/schemas/common.ts'
import { ListingSchema } from '../../../../shared/schemas/listing.ts'
import { PaginationSchema } from '../../../../shared/schemas/common.ts'
import { ListingWriteBody, OwnListingSchema, OwnListingsQuery, OwnStatusBody } from '../../../../shared/schemas/listing-write.ts'
import { okEnvelope } from '../../../lib/errors.ts'
import { viewerOf } from '../../policy.ts'
import type { OwnerListingsService } from './owner.service.ts'

const Id = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
const Language = z.object({ language: LanguageParam.default('fa') })

/** The owner's listing writes (SPEC §7 Listings); everyone but the owner and admins gets 404. */
export const ownerListingsRoutes: FastifyPluginAsyncZod<{ owner: OwnerListingsService }> = async (app, { owner }) => {
  app.addHook('preValidation', app.requireUser)

  app.post(
    '/listings',
    { schema: { body: ListingWriteBody, querystring: Language, response: { 201: envelope(ListingSchema) } } },
    async (request, reply) => reply.status(201).send(okEnvelope(await owner.create(viewerOf(request), request.body, request.query.language))),
  )

  app.put(
    '/listings/:id',
    { schema: { params: Id, body: ListingWriteBody, querystring: Language, response: { 200: envelope(ListingSchema) } } },
    async (request) => okEnvelope(await owner.update(viewerOf(request), request.params.id, request.body, request.query.language)),
  )

  app.get(
    '/users/listings',
    { schema: { querystring: OwnListingsQuery, response: { 200: envelope(z.object({ listings: z.array(OwnListingSchema), pagination: PaginationSchema })) } } },
    async (request) => okEnvelope(await owner.ownList(viewerOf(request), request.query)),
  )

  app.put(
    '/users/listings/:id/status',
    { schema: { params: Id, body: OwnStatusBody, response: { 200: envelope(ListingSchema) } } },
    async (request) => okEnvelope(await owner.setStatus(viewerOf(request), request.params.id, request.body.status)),
  )

  app.post(
    '/listings/:id/duplicate',
    { schema: { params: Id, querystring: Language, response: { 201: envelope(ListingSchema) } } },
    async (request, reply) => reply.status(201).send(okEnvelope(await owner.duplicate(viewerOf(request), request.params.id, request.query.language))),
  )

  app.delete('/listings/:id', { schema: { params: Id, response: { 200: envelope(z.object({ removed: z.literal(true) })) } } }, async (request) =>
    okEnvelope(await owner.remove(viewerOf(request), request.params.id)),
  )
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, IdParams, LanguageQuery } from '../../../../shared/schemas/common.ts'
import { ListingSchema } from '../../../../shared/schemas/listing.ts'
import {
  ListingRemovedSchema,
  ListingWriteBody,
  OwnListingPageSchema,
  OwnListingsQuery,
  OwnStatusBody,
} from '../../../../shared/schemas/listing-write.ts'
import { okEnvelope } from '../../../lib/errors.ts'
import { viewerOf } from '../../policy.ts'
import type { OwnerListingsService } from './owner.service.ts'

/** The owner's listing writes and own-listing reads; everyone but the owner and admins gets 404. */
export const ownerListingsRoutes: FastifyPluginAsyncZod<{ owner: OwnerListingsService }> = async (app, { owner }) => {
  app.addHook('preValidation', app.requireUser)

  app.post(
    '/listings',
    { schema: { body: ListingWriteBody, querystring: LanguageQuery, response: { 201: envelope(ListingSchema) } } },
    async (request, reply) =>
      reply.status(201).send(okEnvelope(await owner.create(viewerOf(request), request.body, request.query.language))),
  )

  app.put(
    '/listings/:id',
    {
      schema: {
        params: IdParams,
        body: ListingWriteBody,
        querystring: LanguageQuery,
        response: { 200: envelope(ListingSchema) },
      },
    },
    async (request) =>
      okEnvelope(await owner.update(viewerOf(request), request.params.id, request.body, request.query.language)),
  )

  app.get(
    '/users/listings',
    { schema: { querystring: OwnListingsQuery, response: { 200: envelope(OwnListingPageSchema) } } },
    async (request) => okEnvelope(await owner.ownList(viewerOf(request), request.query)),
  )

  app.put(
    '/users/listings/:id/status',
    { schema: { params: IdParams, body: OwnStatusBody, response: { 200: envelope(ListingSchema) } } },
    async (request) => okEnvelope(await owner.setStatus(viewerOf(request), request.params.id, request.body.status)),
  )

  app.post(
    '/listings/:id/duplicate',
    { schema: { params: IdParams, querystring: LanguageQuery, response: { 201: envelope(ListingSchema) } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(okEnvelope(await owner.duplicate(viewerOf(request), request.params.id, request.query.language))),
  )

  app.delete(
    '/listings/:id',
    { schema: { params: IdParams, response: { 200: envelope(ListingRemovedSchema) } } },
    async (request) => okEnvelope(await owner.remove(viewerOf(request), request.params.id)),
  )
}

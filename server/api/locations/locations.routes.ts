import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import {
  CitiesQuery,
  CityListSchema,
  CitySearchQuery,
  CountriesQuery,
  CountryListSchema,
  CountryParams,
  PlaceResolutionSchema,
  ResolvePlaceQuery,
  SupportedCountriesSchema,
  SupportedQuery,
} from '../../../shared/schemas/location.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { LocationsService } from './locations.service.ts'

export const locationsRoutes: FastifyPluginAsyncZod<{ locations: LocationsService }> = async (app, { locations }) => {
  app.get(
    '/locations/countries',
    { schema: { querystring: CountriesQuery, response: { 200: envelope(CountryListSchema) } } },
    async (request) => okEnvelope({ countries: await locations.countries(request.query.language, request.query.term) }),
  )

  app.get(
    '/locations/countries/:country/cities',
    { schema: { params: CountryParams, querystring: CitiesQuery, response: { 200: envelope(CityListSchema) } } },
    async (request) => okEnvelope({ cities: await locations.citiesOf(request.params.country, request.query.language) }),
  )

  app.get(
    '/locations/cities/search',
    { schema: { querystring: CitySearchQuery, response: { 200: envelope(CityListSchema) } } },
    async (request) => {
      const { q, limit, language, country } = request.query
      return okEnvelope({ cities: await locations.searchCities(q, limit, language, country) })
    },
  )

  app.get(
    '/locations/resolve',
    { schema: { querystring: ResolvePlaceQuery, response: { 200: envelope(PlaceResolutionSchema) } } },
    async (request) => {
      const { q, language, country } = request.query
      return okEnvelope(await locations.resolve(q, language, country))
    },
  )

  app.get(
    '/locations/supported',
    { schema: { querystring: SupportedQuery, response: { 200: envelope(SupportedCountriesSchema) } } },
    async (request) => okEnvelope({ countries: await locations.supported(request.query.language, request.query.term) }),
  )
}

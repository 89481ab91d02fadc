import type { ErrorDetails } from '../../shared/schemas/errors.ts'
import { ApiError, type ApiErrorCode } from './api/call.ts'

/** An API refusal as a route action answers it: plain data, so a page's hydration carries it (an ApiError would not survive). */
export interface ActionFailure {
  status: number
  code: ApiErrorCode
  message: string
  details: ErrorDetails
}

/** The refusal of a failed call, for an action's answer. */
export const failureOf = (err: ApiError): ActionFailure => ({
  status: err.status,
  code: err.code,
  message: err.message,
  details: err.details,
})

/** An action's refusal as the API client threw it (the pages' error texts branch on it). */
export const asApiError = (failure: ActionFailure | null | undefined): ApiError | null =>
  failure ? new ApiError(failure.status, failure.code, failure.message, failure.details) : null

/** The status of the page that shows a refusal: the API's, or 502 when the API was not reached. */
export const failureStatus = (failure: ActionFailure): number => (failure.status >= 400 ? failure.status : 502)

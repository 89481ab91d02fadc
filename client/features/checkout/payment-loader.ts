import { data, type LoaderFunctionArgs } from 'react-router'
import { paymentsApi } from '../../lib/api/payments.ts'
import { ApiError } from '../../lib/api/call.ts'
import { apiContext } from '../../lib/context.ts'
import { signedIn } from '../auth/signed-in.ts'

/** The payer's own payment named by the address; sign-in and back without a session, 404 for anyone else's. */
export const loadPayment = signedIn(async function loadPayment({ request, params, context }: LoaderFunctionArgs) {
  try {
    return { payment: await paymentsApi(context.get(apiContext)).get(params.id ?? '', request.signal) }
  } catch (err) {
    // an id that is not a UUID names no payment either
    if (err instanceof ApiError && (err.code === 'NOT_FOUND' || err.code === 'VALIDATION_ERROR'))
      throw data({ message: 'Payment not found' }, { status: 404 })
    throw err
  }
})

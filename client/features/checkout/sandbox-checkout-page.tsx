import { Trans, useLingui } from '@lingui/react/macro'
import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
} from 'react-router'
import { localizePath } from '../../../shared/locales.ts'
import { checkoutResultPath } from '../../../shared/paths.ts'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { PageHead } from '../../components/page-head.tsx'
import { failureOf, failureStatus, asApiError, type ActionFailure } from '../../lib/action-failure.ts'
import { ApiError, UnauthenticatedError } from '../../lib/api/call.ts'
import { paymentsApi } from '../../lib/api/payments.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { useLocalePath } from '../../lib/locale.ts'
import { signedIn } from '../auth/signed-in.ts'
import { loadPayment } from './payment-loader.ts'
import { PaymentSummary } from './payment-summary.tsx'
import { usePaymentErrorText } from './use-checkout.ts'

export const loader = loadPayment

/**
 * Pay or Cancel (`intent`), then on to the result; the page with the refusal otherwise. The sandbox is
 * the provider here: its Pay is the confirmation that marks the payment paid, as the provider's webhook
 * does (docs/decisions/019-payments-ledger.md). A form, so it works without JavaScript
 * (docs/decisions/041-forms-without-javascript.md).
 */
export const action = signedIn(async function action({ request, params, context }: ActionFunctionArgs) {
  const id = params.id ?? ''
  const api = paymentsApi(context.get(apiContext))
  try {
    await ((await request.formData()).get('intent') === 'pay' ? api.confirmSandbox(id) : api.cancelSandbox(id))
  } catch (err) {
    // a session that ended is signedIn()'s to turn into sign-in
    if (!(err instanceof ApiError) || err instanceof UnauthenticatedError) throw err
    const failure = failureOf(err)
    return data<{ failure: ActionFailure }>({ failure }, { status: failureStatus(failure) })
  }
  return redirect(localizePath(checkoutResultPath(id), context.get(localeContext)))
})

/** /checkout/sandbox/{id}: the sandbox provider's checkout, a test that moves no money; Pay or Cancel, then the result. */
export function Component() {
  const { payment } = useLoaderData<typeof loader>()
  const { t } = useLingui()
  const to = useLocalePath()
  const errorText = usePaymentErrorText()
  const refused = asApiError((useActionData() as { failure: ActionFailure } | undefined)?.failure)
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null
  const error = refused ? errorText(refused) : null
  const result = to(checkoutResultPath(payment.id))

  return (
    <section className="container checkout-page" aria-labelledby="checkout-title">
      <PageHead title={t`Test checkout`} noindex />
      <p className="test-banner" role="note">
        <strong>
          <Trans>TEST PAYMENT</Trans>
        </strong>{' '}
        <Trans>This is the sandbox: no card is asked for and no money moves.</Trans>
      </p>
      <h1 id="checkout-title">
        <Trans>Checkout</Trans>
      </h1>
      <PaymentSummary payment={payment} />
      {payment.status === 'pending' ? (
        <Form method="post" className="checkout-actions">
          <button type="submit" name="intent" value="pay" className="button" disabled={Boolean(busy)}>
            {busy === 'pay' ? t`Paying…` : t`Pay (test)`}
          </button>
          <button type="submit" name="intent" value="cancel" className="button button-ghost" disabled={Boolean(busy)}>
            {busy === 'cancel' ? t`Cancelling…` : t`Cancel`}
          </button>
        </Form>
      ) : (
        <p className="notice">
          <Trans>This payment is already finished.</Trans>{' '}
          <AppLink to={result}>
            <Trans>See the result</Trans>
          </AppLink>
        </p>
      )}
      <ErrorLine message={error} />
    </section>
  )
}

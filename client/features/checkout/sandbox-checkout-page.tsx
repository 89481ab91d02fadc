import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useLoaderData, useNavigate } from 'react-router'
import { checkoutResultPath } from '../../../shared/paths.ts'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { PageHead } from '../../components/page-head.tsx'
import { paymentsApi } from '../../lib/api/payments.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useLocalePath } from '../../lib/locale.ts'
import { loadPayment } from './payment-loader.ts'
import { PaymentSummary } from './payment-summary.tsx'
import { usePaymentErrorText } from './use-checkout.ts'

export const loader = loadPayment

/** /checkout/sandbox/{id}: the sandbox provider's checkout, a test that moves no money; Pay or Cancel, then the result. */
export function Component() {
  const { payment } = useLoaderData<typeof loader>()
  const { t } = useLingui()
  const to = useLocalePath()
  const navigate = useNavigate()
  const errorText = usePaymentErrorText()
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const result = to(checkoutResultPath(payment.id))

  const finish = async (action: 'pay' | 'cancel') => {
    setBusy(action)
    setError(null)
    try {
      const api = paymentsApi(browserApi())
      await (action === 'pay' ? api.confirmSandbox(payment.id) : api.cancelSandbox(payment.id))
      await navigate(result)
    } catch (err) {
      setError(errorText(err))
      setBusy(null)
    }
  }

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
        <div className="checkout-actions">
          <button type="button" className="button" disabled={busy !== null} onClick={() => finish('pay')}>
            {busy === 'pay' ? t`Paying…` : t`Pay (test)`}
          </button>
          <button
            type="button"
            className="button button-ghost"
            disabled={busy !== null}
            onClick={() => finish('cancel')}
          >
            {busy === 'cancel' ? t`Cancelling…` : t`Cancel`}
          </button>
        </div>
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

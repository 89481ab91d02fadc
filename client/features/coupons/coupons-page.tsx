import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { data, useLoaderData, useNavigation, useRevalidator, type LoaderFunctionArgs } from 'react-router'
import { PageHead } from '../../components/page-head.tsx'
import type { AdminCoupon } from '../../lib/api/coupons.ts'
import { apiContext } from '../../lib/context.ts'
import { requireUser } from '../auth/guards.ts'
import { signedIn } from '../auth/signed-in.ts'
import { Pagination } from '../listings/pagination.tsx'
import { CouponForm } from './coupon-form.tsx'
import { CouponItem } from './coupon-item.tsx'
import { adminCouponsApi } from '../../lib/api/coupons.ts'

export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request)
  // the page does not exist for anyone but an admin
  if (user.role !== 'admin') throw data({ message: 'Page not found' }, { status: 404 })
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1)
  return { coupons: await adminCouponsApi(context.get(apiContext)).list({ page }, request.signal) }
})

/** /dashboard/coupons: the admins make coupons, see each one's state and uses, and switch them off. */
export function Component() {
  const { coupons } = useLoaderData<typeof loader>()
  const { t } = useLingui()
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  // the coupons switched on this page, as the API answered, until the list is read again
  const [changed, setChanged] = useState<{ of: typeof coupons; byCode: Record<string, AdminCoupon> }>({
    of: coupons,
    byCode: {},
  })
  const [notice, setNotice] = useState<string | null>(null)
  const loading = navigation.state === 'loading' || revalidator.state === 'loading'
  const byCode = changed.of === coupons ? changed.byCode : {}
  const items = coupons.items.map((c) => byCode[c.code] ?? c)

  return (
    <section className="coupons-page" aria-labelledby="coupons-title">
      <PageHead title={t`Coupons`} noindex />
      <h1 id="coupons-title">
        <Trans>Coupons</Trans>
      </h1>
      <CouponForm
        onCreated={(coupon) => {
          const code = coupon.code
          setNotice(t`Coupon ${code} created.`)
          void revalidator.revalidate()
        }}
      />
      <p className={notice ? 'notice' : undefined} role="status">
        {notice}
      </p>
      <section className="coupon-list" aria-labelledby="coupon-list-title" aria-busy={loading}>
        <h2 id="coupon-list-title">
          <Trans>All coupons</Trans>
        </h2>
        {loading && (
          <p className="hint" role="status">
            <Trans>Loading…</Trans>
          </p>
        )}
        {items.length === 0 ? (
          <p className="empty-state">
            <Trans>No coupons yet. The first one you create shows here.</Trans>
          </p>
        ) : (
          <>
            <ul className="coupon-items">
              {items.map((coupon) => (
                <CouponItem
                  key={coupon.code}
                  coupon={coupon}
                  onChanged={(next) => {
                    const code = next.code
                    setChanged({ of: coupons, byCode: { ...byCode, [code]: next } })
                    setNotice(next.isActive ? t`Coupon ${code} is on again.` : t`Coupon ${code} is disabled.`)
                  }}
                />
              ))}
            </ul>
            <Pagination pagination={coupons.pagination} />
          </>
        )}
      </section>
    </section>
  )
}

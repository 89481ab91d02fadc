import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { data, Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router'
import { moderationApi } from '../../lib/api/moderation.ts'
import { formatNumber } from '../../../shared/money.ts'
import { PageHead } from '../../components/page-head.tsx'
import { apiContext, localeContext } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { requireUser } from '../auth/guards.ts'
import { signedIn } from '../auth/signed-in.ts'
import { Pagination } from '../listings/pagination.tsx'
import { PendingListing } from './pending-listing.tsx'
import { ReportItem } from './report-item.tsx'

type Tab = 'pending' | 'reports' | 'closed' | 'dismissed'
const TABS: Tab[] = ['pending', 'reports', 'closed', 'dismissed']

export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext)
  const user = await requireUser(context, request)
  // the page does not exist for anyone but a moderator
  if (user.role !== 'admin') throw data({ message: 'Page not found' }, { status: 404 })
  const url = new URL(request.url)
  const language = context.get(localeContext)
  const wanted = url.searchParams.get('tab') as Tab
  const tab: Tab = TABS.includes(wanted) ? wanted : 'pending'
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1)
  const [stats, pending, reports] = await Promise.all([
    moderationApi(api).stats(request.signal),
    tab === 'pending' ? moderationApi(api).pending({ page, language }, request.signal) : null,
    tab === 'pending'
      ? null
      : moderationApi(api).reports(
          { status: tab === 'reports' ? 'open' : tab === 'closed' ? 'resolved' : 'dismissed', page, language },
          request.signal,
        ),
  ])
  return { tab, stats, pending, reports }
})

/** /dashboard/moderation: listings awaiting review and the reports queue, for admins. */
export function Component() {
  const { tab, stats, pending, reports } = useLoaderData<typeof loader>()
  const { t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const revalidator = useRevalidator()
  const [decided, setDecided] = useState<number[]>([])
  const base = to('/dashboard/moderation')
  const pendingCount = formatNumber(stats.pendingListings, locale)
  const reportCount = formatNumber(stats.openReports, locale)
  const listings = pending?.listings.filter((l) => !decided.includes(l.id)) ?? []
  return (
    <section className="moderation-page" aria-labelledby="moderation-title">
      <PageHead title={t`Moderation`} noindex />
      <h1 id="moderation-title">
        <Trans>Moderation</Trans>
      </h1>
      <nav className="status-tabs" aria-label={t`Moderation queues`}>
        <Link to={base} aria-current={tab === 'pending' ? 'page' : undefined}>
          <Trans>Awaiting review ({pendingCount})</Trans>
        </Link>
        <Link to={`${base}?tab=reports`} aria-current={tab === 'reports' ? 'page' : undefined}>
          <Trans>Open reports ({reportCount})</Trans>
        </Link>
        <Link to={`${base}?tab=closed`} aria-current={tab === 'closed' ? 'page' : undefined}>
          <Trans>Resolved reports</Trans>
        </Link>
        <Link to={`${base}?tab=dismissed`} aria-current={tab === 'dismissed' ? 'page' : undefined}>
          <Trans>Dismissed reports</Trans>
        </Link>
      </nav>
      {pending &&
        (listings.length === 0 ? (
          <p className="empty-state">
            <Trans>Nothing awaits review. Well done!</Trans>
          </p>
        ) : (
          <>
            {listings.map((listing) => (
              <PendingListing
                key={listing.id}
                listing={listing}
                onDecided={(id) => {
                  setDecided((ids) => [...ids, id])
                  if (listings.length === 1) revalidator.revalidate()
                }}
              />
            ))}
            <Pagination pagination={pending.pagination} />
          </>
        ))}
      {reports &&
        (reports.reports.length === 0 ? (
          <p className="empty-state">
            {tab === 'reports' ? (
              <Trans>No open reports.</Trans>
            ) : tab === 'closed' ? (
              <Trans>No resolved reports yet.</Trans>
            ) : (
              <Trans>No dismissed reports yet.</Trans>
            )}
          </p>
        ) : (
          <>
            {reports.reports.map((report) => (
              <ReportItem key={report.id} report={report} onClosed={() => revalidator.revalidate()} />
            ))}
            <Pagination pagination={reports.pagination} />
          </>
        ))}
    </section>
  )
}

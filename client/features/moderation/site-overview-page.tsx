import { Trans, useLingui } from '@lingui/react/macro'
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { currencyExponent, formatAmount, formatNumber } from '../../../shared/money.ts'
import { localeInfo } from '../../../shared/locales.ts'
import { PageHead } from '../../components/page-head.tsx'
import { apiContext } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { requireUser } from '../auth/guards.ts'
import { signedIn } from '../auth/signed-in.ts'
import { DailyChart, RankChart } from './stats-charts.tsx'
import { DayTable } from './stats-table.tsx'
import { moderationApi } from '../../lib/api/moderation.ts'

export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext)
  const user = await requireUser(context, request)
  // the page does not exist for anyone but a moderator
  if (user.role !== 'admin') throw data({ message: 'Page not found' }, { status: 404 })
  return { stats: await moderationApi(api).stats(request.signal) }
})

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
const PRODUCTS = ['subscription', 'contact', 'boost'] as const
const COLORS = ['var(--brand)', 'var(--accent)', '#6366f1', '#e11d48']

/** /dashboard/site-overview: the admins' numbers for the last 30 days, as charts and as tables. */
export function Component() {
  const { stats } = useLoaderData<typeof loader>()
  const { t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const n = (value: number) => formatNumber(value, locale)
  const language = localeInfo(locale).language
  const dayFormat = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`))
  const regions = new Intl.DisplayNames(language, { type: 'region' })
  const days = stats.usersByDay.map((d) => d.day)
  const productName = { subscription: t`Premium plans`, contact: t`Contact unlocks`, boost: t`Boosts` }

  // revenue: charted in the currency that brought the most; every currency is in the table
  const byCurrency = new Map<string, number>()
  for (const r of stats.revenueByDay) byCurrency.set(r.currency, (byCurrency.get(r.currency) ?? 0) + r.amountMinor)
  const [currency = 'EUR'] = [...byCurrency.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c)
  const money = (minor: number, cur: string) => formatAmount(minor / 10 ** currencyExponent(cur), cur, locale)
  const revenueTotal = [...byCurrency.entries()].map(([cur, minor]) => money(minor, cur)).join(' · ') || money(0, 'EUR')
  const revenueSeries = PRODUCTS.map((product, i) => ({
    label: productName[product],
    color: COLORS[i]!,
    values: days.map((day) =>
      sum(
        stats.revenueByDay
          .filter((r) => r.day === day && r.product === product && r.currency === currency)
          .map((r) => r.amountMinor / 10 ** currencyExponent(currency)),
      ),
    ),
  }))

  const ai = stats.aiCallsByDay
  const aiSeries = [
    { label: t`Searches`, color: COLORS[0]!, values: ai.map((d) => d.search) },
    { label: t`Analyses`, color: COLORS[1]!, values: ai.map((d) => d.analyze) },
    { label: t`Comparisons`, color: COLORS[2]!, values: ai.map((d) => d.compare) },
  ]
  const sent = stats.alertsDeliveredByDay
  const channelSeries = [
    { label: 'Telegram', color: COLORS[0]!, values: sent.map((d) => d.telegram) },
    { label: t`Web push`, color: COLORS[1]!, values: sent.map((d) => d.webPush) },
    { label: t`App push`, color: COLORS[2]!, values: sent.map((d) => d.fcm) },
    { label: t`E-mail`, color: COLORS[3]!, values: sent.map((d) => d.email) },
  ]
  const signups = sum(stats.usersByDay.map((d) => d.signups))
  const aiCalls = sum(aiSeries.flatMap((s) => s.values))
  const delivered = sum(channelSeries.flatMap((s) => s.values))
  const from = dayLabel(stats.period.from)
  const until = dayLabel(stats.period.to)

  return (
    <section className="site-overview" aria-labelledby="site-overview-title">
      <PageHead title={t`Site overview`} noindex />
      <h1 id="site-overview-title">
        <Trans>Site overview</Trans>
      </h1>
      <p className="muted">
        <Trans>
          The last 30 days, {from} to {until} (UTC).
        </Trans>
      </p>
      <dl className="stats-cards">
        <Card label={t`Accounts`} value={n(stats.usersTotal)} />
        <Card label={t`Sign-ups`} value={n(signups)} />
        <Card label={t`Active listings`} value={n(stats.listingsByStatus.active)} />
        <Card
          label={t`Awaiting review`}
          value={<Link to={to('/dashboard/moderation')}>{n(stats.pendingListings)}</Link>}
        />
        <Card
          label={t`Open reports`}
          value={<Link to={`${to('/dashboard/moderation')}?tab=reports`}>{n(stats.openReports)}</Link>}
        />
        <Card label={t`Revenue`} value={revenueTotal} />
        <Card label={t`AI calls`} value={n(aiCalls)} />
        <Card label={t`Alerts delivered`} value={n(delivered)} />
      </dl>

      <section className="stats-section" aria-labelledby="stats-users">
        <h2 id="stats-users">
          <Trans>Users and sign-ups</Trans>
        </h2>
        <div className="stats-pair">
          <DailyChart
            label={t`Sign-ups per day: ${n(signups)} in 30 days`}
            days={days}
            series={[{ label: t`Sign-ups`, color: COLORS[0]!, values: stats.usersByDay.map((d) => d.signups) }]}
            dayLabel={dayLabel}
          />
          <DailyChart
            kind="line"
            label={t`Accounts at the end of each day: ${n(stats.usersTotal)} today`}
            days={days}
            series={[{ label: t`Accounts`, color: COLORS[2]!, values: stats.usersByDay.map((d) => d.users) }]}
            dayLabel={dayLabel}
          />
        </div>
        <DayTable
          caption={t`Sign-ups and accounts per day`}
          days={days}
          dayLabel={dayLabel}
          columns={[
            { label: t`Sign-ups`, values: stats.usersByDay.map((d) => n(d.signups)) },
            { label: t`Accounts`, values: stats.usersByDay.map((d) => n(d.users)) },
          ]}
        />
      </section>

      <section className="stats-section" aria-labelledby="stats-countries">
        <h2 id="stats-countries">
          <Trans>Active listings per country</Trans>
        </h2>
        {stats.activeListingsByCountry.length === 0 ? (
          <p className="empty-state">
            <Trans>No active listings yet.</Trans>
          </p>
        ) : (
          <RankChart
            label={t`Active listings per country`}
            rows={stats.activeListingsByCountry.map((c) => ({
              name: regions.of(c.countryCode) ?? c.countryCode,
              value: c.n,
              shown: n(c.n),
            }))}
          />
        )}
      </section>

      <section className="stats-section" aria-labelledby="stats-revenue">
        <h2 id="stats-revenue">
          <Trans>Revenue per day by product</Trans>
        </h2>
        {stats.revenueByDay.length === 0 ? (
          <p className="empty-state">
            <Trans>No sales in the last 30 days.</Trans>
          </p>
        ) : (
          <>
            <DailyChart
              label={t`Revenue per day in ${currency}: ${revenueTotal} in 30 days`}
              days={days}
              series={revenueSeries}
              dayLabel={dayLabel}
              format={(value) => formatAmount(value, currency, locale)}
            />
            <details className="stats-table">
              <summary>
                <Trans>Show the numbers</Trans>
              </summary>
              <div className="table-scroll">
                <table>
                  <caption>{t`Paid payments per day and product`}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t`Day`}</th>
                      <th scope="col">{t`Product`}</th>
                      <th scope="col">{t`Payments`}</th>
                      <th scope="col">{t`Amount`}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {stats.revenueByDay.map((r) => (
                      <tr key={`${r.day}:${r.product}:${r.currency}`}>
                        <th scope="row">{dayLabel(r.day)}</th>
                        <td>{productName[r.product]}</td>
                        <td>{n(r.payments)}</td>
                        <td>{money(r.amountMinor, r.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </>
        )}
      </section>

      <section className="stats-section" aria-labelledby="stats-ai">
        <h2 id="stats-ai">
          <Trans>AI calls per day</Trans>
        </h2>
        <DailyChart
          label={t`AI calls per day: ${n(aiCalls)} in 30 days`}
          days={days}
          series={aiSeries}
          dayLabel={dayLabel}
        />
        <DayTable
          caption={t`AI calls per day, and credits given back after a failed call`}
          days={days}
          dayLabel={dayLabel}
          columns={[
            ...aiSeries.map((s) => ({ label: s.label, values: s.values.map(n) })),
            { label: t`Given back`, values: ai.map((d) => n(d.refunded)) },
          ]}
        />
      </section>

      <section className="stats-section" aria-labelledby="stats-alerts">
        <h2 id="stats-alerts">
          <Trans>Alerts delivered per day</Trans>
        </h2>
        <DailyChart
          label={t`Alerts delivered per day: ${n(delivered)} in 30 days`}
          days={days}
          series={channelSeries}
          dayLabel={dayLabel}
        />
        <p className="muted">
          <Trans>Given up after repeated failures: {n(stats.alertsParked)}</Trans>
        </p>
        <DayTable
          caption={t`Alerts delivered per day and channel`}
          days={days}
          dayLabel={dayLabel}
          columns={channelSeries.map((s) => ({ label: s.label, values: s.values.map(n) }))}
        />
      </section>
    </section>
  )
}

function Card({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="stats-card">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}

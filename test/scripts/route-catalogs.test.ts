import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import t from 'tap'
import { compileGroupCatalog, dashboardOnlyFiles } from '../../scripts/route-catalogs.ts'

// docs/decisions/025-catalogs-by-route-group.md
t.test('route catalogs', async (t) => {
  const dashboardOnly = dashboardOnlyFiles(process.cwd())

  t.test('the signed-in area’s own files are dashboard-only; what public pages reach is not', async (t) => {
    t.ok(dashboardOnly.has('client/features/layout/dashboard-layout.tsx'))
    t.ok(dashboardOnly.has('client/features/moderation/moderation-page.tsx'))
    t.ok(dashboardOnly.has('client/features/alerts/alerts-page.tsx'))
    // shared with the listings page (favourites), loaded on demand by it (the push panel, the boost button)
    t.notOk(dashboardOnly.has('client/features/listings/listing-card.tsx'))
    t.notOk(dashboardOnly.has('client/features/alerts/push-panel.tsx'))
    t.notOk(dashboardOnly.has('client/features/my-listings/boost-button.tsx'))
    t.notOk(dashboardOnly.has('client/entry.client.tsx'))
    t.notOk(dashboardOnly.has('client/features/layout/site-header.tsx'))
  })

  t.test('each message of a language is in exactly one group', async (t) => {
    const file = `${process.cwd()}/locales/de/messages.po`
    const publicGroup = await compileGroupCatalog(file, 'public', dashboardOnly)
    const dashboardGroup = await compileGroupCatalog(file, 'dashboard', dashboardOnly)
    const signOut = generateMessageId('Sign out') // the dashboard layout's only
    const listings = generateMessageId('Listings') // the site header's and the listing page's
    const scam = generateMessageId('Scam or fraud') // a label of the public report dialog, also shown to moderators
    t.ok(signOut in dashboardGroup.messages)
    t.notOk(signOut in publicGroup.messages)
    t.ok(listings in publicGroup.messages)
    t.notOk(listings in dashboardGroup.messages)
    t.ok(scam in publicGroup.messages)
    const both = Object.keys(publicGroup.messages).filter((id) => id in dashboardGroup.messages)
    t.same(both, [])
    t.match(publicGroup.source, /export const messages=JSON\.parse/)
  })
})

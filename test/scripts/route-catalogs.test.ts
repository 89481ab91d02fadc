import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import type { RouteObject } from 'react-router'
import t from 'tap'
import { CATALOG_FILES } from '../../client/lib/catalog-files.ts'
import { routes } from '../../client/routes.tsx'
import { compileGroupCatalog, groupsOfMessage, routeGroups } from '../../scripts/route-catalogs.ts'

// docs/decisions/025-catalogs-by-route-group.md
t.test('route catalogs', async (t) => {
  const groups = routeGroups(process.cwd())

  t.test('the shell is what the entry reaches but the pages; a page’s group is what its module reaches', async (t) => {
    const shell = groups.get('shell')!
    t.ok(shell.has('client/entry.client.tsx'))
    t.ok(shell.has('client/features/layout/site-header.tsx'))
    t.notOk(shell.has('client/features/listings/listings-page.tsx'))
    t.notOk(shell.has('client/features/moderation/moderation-page.tsx'))
    const listings = groups.get('listings-page')!
    t.ok(listings.has('client/features/listings/listing-card.tsx'))
    // loaded when a reader uses it (client/lib/on-use.ts, `onUse`): its messages are the on-use group's alone
    t.notOk(listings.has('client/features/listings/place-autocomplete.tsx'))
    t.notOk(listings.has('client/features/map/results-map-live.tsx'))
    t.ok(listings.has('client/features/map/results-map.tsx'))
    for (const file of [
      'client/features/listings/place-autocomplete.tsx',
      'client/features/map/results-map-live.tsx',
      'client/features/map/place-map-live.tsx',
      // kept parts (client/lib/kept-part.tsx): the listings filter's fields
      'client/features/listings/filter-fields.tsx',
    ]) {
      t.ok(groups.get('on-use')!.has(file), `${file} is on use`)
      t.notOk(listings.has(file) || groups.get('listing-page')!.has(file), `${file} is no page's`)
    }
    t.notOk(listings.has('client/features/listings/listing-page.tsx'))
    // a signed-in part (client/lib/on-demand.ts), and what only it reaches, are the on-demand group's alone
    const onDemand = groups.get('on-demand')!
    for (const file of [
      'client/features/ai-search/ai-search-box.tsx',
      'client/features/ai-search/ai-search-answer.tsx',
      'client/features/alerts/save-search-form.tsx',
      'client/features/alerts/push-panel.tsx',
      'client/features/listings/contact-reveal.tsx',
      'client/features/ai-analysis/analysis-actions.tsx',
      'client/features/listings/report-form.tsx',
      'client/features/listings/own-listing-panel.tsx',
      'client/features/my-listings/boost-button.tsx',
    ]) {
      t.ok(onDemand.has(file), `${file} is on demand`)
      t.notOk(listings.has(file) || groups.get('listing-page')!.has(file), `${file} is no page's`)
    }
    t.ok(listings.has('client/features/ai-search/ai-search-panel.tsx'))
    t.ok(groups.get('dashboard')!.has('client/features/moderation/moderation-page.tsx'))
    t.notOk(groups.get('content-page')!.has('client/features/listings/listing-card.tsx'))
  })

  t.test('the browser can load every group the build compiles, and each public page names its own', async (t) => {
    t.same(Object.keys(CATALOG_FILES).sort(), [...groups.keys()].sort())
    // the default layout's pages, and the signed-in area's layout
    const byId = (list: RouteObject[]): RouteObject[] => list.flatMap((route) => [route, ...byId(route.children ?? [])])
    const all = byId(routes)
    const pages = [
      ...all.filter((route) => route.id?.endsWith(':default-layout')).flatMap((route) => route.children ?? []),
      ...all.filter((route) => route.id?.endsWith(':dashboard-layout')),
    ]
    t.ok(
      pages.every((route) => route.middleware?.length),
      'each loads its group when navigated to',
    )
    const named = new Set(pages.map((route) => (route.handle as { catalog?: string } | undefined)?.catalog))
    t.same(
      [...named].sort(),
      [...groups.keys()].filter((name) => !['shell', 'on-demand', 'on-use'].includes(name)).sort(),
      'every page route has a group, and every group but the shell’s, the on-demand parts’ and the on-use modules’ a page',
    )
  })

  t.test('a message is the shell’s alone, or in every group that reaches one of its files', async (t) => {
    t.same(
      groupsOfMessage(['client/features/layout/site-header.tsx', 'client/features/listings/listing-card.tsx'], groups),
      ['shell'],
    )
    const card = groupsOfMessage(['client/features/listings/listing-card.tsx'], groups)
    t.ok(card.includes('listings-page') && card.includes('dashboard'))
    t.notOk(card.includes('shell'))
    t.same(groupsOfMessage(['client/nowhere.tsx'], groups), ['shell'])
  })

  t.test('the compiled groups of a language hold its messages', async (t) => {
    const file = `${process.cwd()}/locales/de/messages.po`
    const compiled = new Map<string, Record<string, unknown>>()
    for (const name of groups.keys()) compiled.set(name, (await compileGroupCatalog(file, name, groups)).messages)
    const signOut = generateMessageId('Sign out') // the dashboard layout's only
    const listings = generateMessageId('Listings') // the site header's, among others
    const scam = generateMessageId('Scam or fraud') // a report's reason: the report form's (on demand) and moderation's
    const availableFrom = generateMessageId('Available from') // the listing page's (which the signed-in area reaches too)
    const home = (name: string) => Object.keys(compiled.get(name)!)
    t.same(
      [...compiled].filter(([, messages]) => signOut in messages).map(([name]) => name),
      ['dashboard'],
    )
    t.same(
      [...compiled].filter(([, messages]) => listings in messages).map(([name]) => name),
      ['shell'],
    )
    t.ok(scam in compiled.get('on-demand')! && scam in compiled.get('dashboard')!)
    t.notOk(scam in compiled.get('shell')! || scam in compiled.get('listing-page')!)
    t.ok(availableFrom in compiled.get('listing-page')!)
    const aiPlaceholder = generateMessageId('Describe what you are looking for first, for example a city and a budget.')
    t.same(
      [...compiled].filter(([, messages]) => aiPlaceholder in messages).map(([name]) => name),
      ['on-demand'],
      'a message of a signed-in part alone is in the on-demand group alone',
    )
    const searchArea = generateMessageId('Search this area') // the results' map's, loaded on use
    t.ok(searchArea in compiled.get('on-use')!)
    t.notOk(searchArea in compiled.get('listings-page')! || searchArea in compiled.get('shell')!)
    for (const name of ['shell', 'home-page', 'listings-page', 'content-page'])
      t.notOk(availableFrom in compiled.get(name)!, `not in ${name}`)
    // nothing in the shell is repeated in a page's group
    const shell = new Set(home('shell'))
    for (const name of groups.keys())
      if (name !== 'shell')
        t.same(
          home(name).filter((id) => shell.has(id)),
          [],
          `${name} repeats none of the shell`,
        )
    t.match((await compileGroupCatalog(file, 'shell', groups)).source, /export const messages=JSON\.parse/)
    await t.rejects(compileGroupCatalog(file, 'public', groups), /no such group/)
  })
})

import { setupI18n } from '@lingui/core'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import t from 'tap'
import { activateLocale, addCatalog, catalogGroups, createI18n, loadCatalog } from '../../../client/lib/i18n.ts'

// docs/decisions/025-catalogs-by-route-group.md
t.test('catalogs by route group', async (t) => {
  t.test('a page needs the shell group, and the groups its routes name', async (t) => {
    t.same(catalogGroups([{ route: {} }, { route: { handle: { shared: true } } }]), ['shell'])
    t.same(catalogGroups([{ route: {} }, { route: { handle: { shared: true, catalog: 'listings-page' } } }]), [
      'shell',
      'listings-page',
    ])
    t.same(catalogGroups([{ route: {} }, { route: { handle: { catalog: 'dashboard' } } }, { route: {} }]), [
      'shell',
      'dashboard',
    ])
  })

  t.test('a group loaded later adds to the language’s messages; activating again keeps them', async (t) => {
    const i18n = setupI18n()
    await activateLocale(i18n, 'de')
    await loadCatalog(i18n, 'de', 'dashboard')
    await activateLocale(i18n, 'de')
    t.equal(i18n.locale, 'de')
    t.equal(i18n._(generateMessageId('Sign out')), 'Abmelden')
    t.equal(i18n._(generateMessageId('Listings')), 'Anzeigen')
    // another language, then back: both groups of the first are still there
    await activateLocale(i18n, 'fa')
    await activateLocale(i18n, 'de')
    t.equal(i18n._(generateMessageId('Sign out')), 'Abmelden')
  })

  t.test(
    'a group added for what a reader uses (on use) comes without a change event: nothing shown renders again',
    async (t) => {
      // a language active with the messages loaded before (tests compile every group as the whole catalog)
      const loadedBefore = generateMessageId('Loaded before')
      const i18n = setupI18n({ locale: 'de', messages: { de: { [loadedBefore]: 'Schon da' } } })
      let changes = 0
      i18n.on('change', () => changes++)
      const searchArea = generateMessageId('Search this area') // the results' map's
      t.equal(i18n._(searchArea), searchArea, 'not there yet')
      await addCatalog(i18n, 'de', 'on-use')
      t.equal(changes, 0)
      t.equal(i18n._(searchArea), 'In diesem Gebiet suchen')
      t.equal(i18n._(loadedBefore), 'Schon da', 'the messages loaded before are kept')
      // once per instance; another language, then back: still there
      await addCatalog(i18n, 'de', 'on-use')
      await activateLocale(i18n, 'fa')
      await activateLocale(i18n, 'de')
      t.equal(i18n._(searchArea), 'In diesem Gebiet suchen')
    },
  )

  t.test('the server’s instance holds every group: nothing is loaded into it again per request', async (t) => {
    const i18n = await createI18n('en')
    let loads = 0
    i18n.on('change', () => loads++)
    await activateLocale(i18n, 'en', ['shell', 'listings-page', 'dashboard'])
    await loadCatalog(i18n, 'en', 'dashboard')
    t.equal(loads, 0)
    t.equal(i18n._(generateMessageId('Sign out')), 'Sign out')
  })
})

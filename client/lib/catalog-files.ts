import type { Messages } from '@lingui/core'

/**
 * The loaders of every catalog file: a language's catalog comes in chunks by route
 * (docs/decisions/025-catalogs-by-route-group.md), the shell's, one per public page (named after its
 * module), the signed-in area's, the signed-in parts of public pages' (`on-demand`) and what pages load when a
 * reader uses it (`on-use`: a map, the place combobox). scripts/route-catalogs.ts compiles the groups; each needs a line
 * here (test/scripts/route-catalogs.test.ts holds the two lists equal). This module comes on demand
 * (client/lib/i18n.ts): a first visit imports its page's files by the names the server gave.
 */
type Catalog = () => Promise<{ messages: Messages }>
export const CATALOG_FILES = {
  shell: import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', { query: '?group=shell' }),
  'home-page': import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', { query: '?group=home-page' }),
  'listings-page': import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', {
    query: '?group=listings-page',
  }),
  'listing-page': import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', {
    query: '?group=listing-page',
  }),
  'pricing-page': import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', {
    query: '?group=pricing-page',
  }),
  'sandbox-checkout-page': import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', {
    query: '?group=sandbox-checkout-page',
  }),
  'checkout-result-page': import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', {
    query: '?group=checkout-result-page',
  }),
  'contact-page': import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', {
    query: '?group=contact-page',
  }),
  'auth-page': import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', { query: '?group=auth-page' }),
  'auth-action-page': import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', {
    query: '?group=auth-action-page',
  }),
  'content-page': import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', {
    query: '?group=content-page',
  }),
  dashboard: import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', { query: '?group=dashboard' }),
  'on-demand': import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', { query: '?group=on-demand' }),
  'on-use': import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', { query: '?group=on-use' }),
} satisfies Record<string, Record<string, Catalog>>

export type CatalogGroup = keyof typeof CATALOG_FILES

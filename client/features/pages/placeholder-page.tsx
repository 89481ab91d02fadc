import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'react-router'
import { useLocalePath } from '../../lib/locale.ts'
import { PageHead } from '../../components/page-head.tsx'

const TITLES = {
  about: msg`About Khaneh`,
  contact: msg`Contact us`,
  privacy: msg`Privacy policy`,
  aiPreferences: msg`AI preferences`,
} satisfies Record<string, MessageDescriptor>

export type PlaceholderKey = keyof typeof TITLES

/** A page whose own issue has not landed yet: its layout, a translated heading and a way back. */
export function placeholderRoute(key: PlaceholderKey) {
  function PlaceholderPage() {
    const { i18n } = useLingui()
    const to = useLocalePath()
    const title = i18n._(TITLES[key])
    return (
      <section className="container page-placeholder" aria-labelledby="page-title">
        <PageHead title={title} />
        <h1 id="page-title">{title}</h1>
        <p>
          <Trans>This part of Khaneh is on its way.</Trans>
        </p>
        <Link to={to('/listings')} className="button">
          <Trans>Browse listings</Trans>
        </Link>
      </section>
    )
  }
  return { Component: PlaceholderPage }
}

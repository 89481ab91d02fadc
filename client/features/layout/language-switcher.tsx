import { useLingui } from '@lingui/react/macro'
import { useLocation } from 'react-router'
import { MANUAL_LOCALE_FLAG } from '../../../shared/constants.ts'
import { LOCALES, localeCookieString, localizePath, stripLocale, type LocaleCode } from '../../../shared/locales.ts'
import { useLocale } from '../../lib/locale.ts'
import { AppLink } from '../../components/app-link.tsx'

/**
 * Remembers a language the visitor chose by hand: the same cookie the gateway sets (Secure on an
 * https page), and no auto-redirect this session.
 */
export function rememberChoice(code: LocaleCode) {
  document.cookie = localeCookieString(code, location.protocol === 'https:')
  sessionStorage.setItem(MANUAL_LOCALE_FLAG, '1')
}

/** A disclosure listing the six languages; each keeps the current page, query and hash. */
export function LanguageSwitcher() {
  const { t } = useLingui()
  const location = useLocation()
  const current = useLocale()
  const path = stripLocale(location.pathname, current)
  const currentName = LOCALES.find((l) => l.code === current)?.name
  return (
    <details className="lang-switcher">
      <summary aria-label={t`Language: ${currentName}`}>
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
        </svg>
        <span className="lang-current">{currentName}</span>
      </summary>
      <ul role="list">
        {LOCALES.map((l) => (
          <li key={l.code}>
            <AppLink
              to={`${localizePath(path, l.code)}${location.search}${location.hash}`}
              lang={l.code}
              hrefLang={l.code}
              aria-current={l.code === current ? 'true' : undefined}
              onClick={(event) => {
                rememberChoice(l.code)
                event.currentTarget.closest('details')?.removeAttribute('open')
              }}
            >
              {l.name}
            </AppLink>
          </li>
        ))}
      </ul>
    </details>
  )
}

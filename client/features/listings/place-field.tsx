import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState, type ComponentType } from 'react'
import { flushSync } from 'react-dom'
import { useLocale } from '../../lib/locale.ts'
import { onUse } from '../../lib/on-use.ts'
import type { CountryChoice, PlaceAutocompleteProps } from './place-autocomplete.tsx'

/**
 * The place field's input as the plain field and the combobox both render it: its id, accessible
 * name and hint (`name`: a country picked as a whole).
 */
export function usePlaceInput(
  id: string,
  label: string | undefined,
  countries: CountryChoice[] | undefined,
  name?: string,
) {
  const { t } = useLingui()
  return {
    id: `${id}-input`,
    type: 'text',
    autoComplete: 'off',
    'aria-label': label ?? (name ? t`City in ${name}` : countries ? t`Country or city` : t`City`),
    placeholder: name
      ? t`Any city` // the chip beside it names the country
      : countries
        ? t`Country or city, e.g. Berlin or آلمان`
        : t`City, e.g. Berlin or برلین`,
    'aria-autocomplete': 'list',
  } as const
}

type Combobox = ComponentType<PlaceAutocompleteProps>
// the combobox with its messages (client/lib/on-demand.ts)
const loadCombobox = onUse(() => import('./place-autocomplete.tsx'))

/**
 * The place combobox of the home and listings search forms, on demand (docs/decisions/040-script-budget-per-page.md):
 * until the reader points at or focuses it, a plain text field with the combobox's markup, which a form
 * sent at once sends as it is (the listings page resolves a typed name). Its first use loads the
 * combobox (`aria-busy` meanwhile), which takes over with what was typed, the focus and the caret.
 */
export function PlaceField(props: Omit<PlaceAutocompleteProps, 'typed' | 'autoFocus'>) {
  const { defaultKey, defaultLabel = '', countries } = props
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const composing = useRef(false)
  const [combobox, setCombobox] = useState<{ Component: Combobox; text: string; focused: boolean }>()
  const [wanted, setWanted] = useState(false)
  const [edited, setEdited] = useState(false)
  const inputProps = usePlaceInput(id, props.label, countries)
  const { i18n } = useLingui()
  const locale = useLocale()

  useEffect(() => {
    const ready = loadCombobox.loaded(locale)?.PlaceAutocomplete
    if (!wanted && !ready) return
    let live = true
    const takeOver = (Component: Combobox) => {
      // never in the middle of a composed word (an on-screen keyboard's suggestion)
      if (!live || composing.current) return
      // read and replaced in one task, the combobox focused as it mounts: no keystroke falls between
      const field = input.current
      flushSync(() =>
        setCombobox({ Component, text: field?.value ?? defaultLabel, focused: document.activeElement === field }),
      )
    }
    if (ready) takeOver(ready)
    else void loadCombobox(i18n, locale).then(({ PlaceAutocomplete }) => takeOver(PlaceAutocomplete))
    return () => {
      live = false
    }
  }, [wanted, defaultLabel, i18n, locale])

  if (combobox) {
    const changed = combobox.text !== defaultLabel
    return (
      <combobox.Component
        {...props}
        defaultKey={changed ? undefined : defaultKey}
        defaultLabel={combobox.text}
        typed={changed}
        autoFocus={combobox.focused}
      />
    )
  }
  const want = () => setWanted(true)
  return (
    <div className="combobox">
      <div className="combobox-field">
        <input
          ref={input}
          {...inputProps}
          role="combobox"
          // the list the combobox shows once it takes over
          aria-controls={`${id}-list`}
          aria-expanded={false}
          aria-busy={wanted}
          defaultValue={defaultLabel}
          name={defaultKey && !edited ? undefined : 'city'}
          onPointerEnter={want}
          onFocus={want}
          onInput={() => setEdited(true)}
          onCompositionStart={() => {
            composing.current = true
          }}
          onCompositionEnd={() => {
            composing.current = false
            const Component = loadCombobox.loaded(locale)?.PlaceAutocomplete
            if (Component) flushSync(() => setCombobox({ Component, text: input.current?.value ?? '', focused: true }))
          }}
        />
      </div>
      {defaultKey && !edited && <input type="hidden" name="city" value={defaultKey} />}
    </div>
  )
}

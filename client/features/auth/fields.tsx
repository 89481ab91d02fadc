import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ReactNode } from 'react'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/form-limits.ts'

/** The e-mail field of the sign-in and linking forms, with its error under it. */
export function EmailField({ defaultValue = '', error }: { defaultValue?: string; error?: string }) {
  const id = useId()
  return (
    <label>
      <span>
        <Trans>E-mail</Trans>
      </span>
      <input
        name="email"
        type="email"
        dir="ltr"
        required
        maxLength={254}
        autoComplete="email"
        defaultValue={defaultValue}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </label>
  )
}

/**
 * A password field with a show/hide toggle. The toggle sits outside the <label>, so the input's
 * accessible name stays the label's text alone.
 */
export function PasswordField({
  label,
  name,
  autoComplete,
  hint,
  invalid = false,
}: {
  label: ReactNode
  name: string
  autoComplete: string
  hint?: string
  invalid?: boolean
}) {
  const { t } = useLingui()
  const [visible, setVisible] = useState(false)
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <span className="password-input">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          dir="ltr"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete={autoComplete}
          aria-invalid={invalid}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <button
          type="button"
          className="button button-ghost button-small"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t`Hide` : t`Show`}
        </button>
      </span>
      {hint && (
        <span id={`${id}-hint`} className={invalid ? 'field-error' : 'hint'}>
          {hint}
        </span>
      )}
    </div>
  )
}

import { useId, useState, type FormEvent, type ReactNode } from 'react'

/** What a code's submission came to: a line to show, good or bad. */
export type CodeOutcome = { ok: true; message: ReactNode } | { ok: false; message: string }

/**
 * The one form for a typed code (coupons, a friend's referral code): a labelled field and a button,
 * disabled while sending, the outcome announced under it. The caller sends the code and words the
 * outcome; this form only collects it.
 */
export function CodeEntry({
  label,
  submitLabel,
  onSubmit,
  hint,
  defaultValue = '',
}: {
  label: string
  submitLabel: string
  onSubmit: (code: string) => Promise<CodeOutcome>
  hint?: ReactNode
  defaultValue?: string
}) {
  const id = useId()
  const [code, setCode] = useState(defaultValue)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<CodeOutcome | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const typed = code.trim()
    if (!typed || busy) return
    setBusy(true)
    setOutcome(null)
    try {
      setOutcome(await onSubmit(typed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="code-entry" onSubmit={submit} aria-busy={busy}>
      <label htmlFor={`${id}-code`}>{label}</label>
      <div className="code-entry-row">
        <input
          id={`${id}-code`}
          name="code"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={outcome?.ok === false}
          aria-describedby={`${id}-outcome`}
        />
        <button type="submit" className="button" disabled={busy || code.trim() === ''}>
          {submitLabel}
        </button>
      </div>
      {hint && <p className="hint">{hint}</p>}
      <p id={`${id}-outcome`} role="status" className={outcome?.ok === false ? 'field-error' : 'code-entry-ok'}>
        {outcome?.message}
      </p>
    </form>
  )
}

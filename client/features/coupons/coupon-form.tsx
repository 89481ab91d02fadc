import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { PLAN_KEYS, type PlanKey } from '../../../shared/plans.ts'
import { ErrorLine } from '../../components/error-line.tsx'
import { adminCouponsApi } from '../../lib/api/coupons.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { ApiError, errorReasonOf } from '../../lib/api/call.ts'
import type { AdminCoupon } from '../../lib/api/coupons.ts'
import {
  COUPON_FIELDS,
  emptyCoupon,
  fieldOf,
  toBody,
  validate,
  type CouponField,
  type CouponFormValues,
  type CouponKind,
} from './coupon-form-values.ts'
import { PLAN_LABELS } from './coupon-labels.ts'

const idOf = (field: CouponField) => `coupon-${field}`

/** The ids an input is described by: its hint, then its error when it has one. */
const describedBy = (field: CouponField, hint: boolean, error: boolean) =>
  [hint && `${idOf(field)}-hint`, error && `${idOf(field)}-error`].filter(Boolean).join(' ') || undefined

/** One labelled input with its hint and its error under it, both tied to the input for screen readers. */
function Field({
  field,
  label,
  hint,
  error,
  children,
}: {
  field: CouponField
  label: ReactNode
  hint?: ReactNode
  error?: string
  children: ReactNode
}) {
  return (
    <div className="field">
      <label htmlFor={idOf(field)}>{label}</label>
      {children}
      {hint && (
        <span id={`${idOf(field)}-hint`} className="hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${idOf(field)}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  )
}

/** The new-coupon form: the shared schema's rules as hints on sending, the server's field errors beside the fields. */
export function CouponForm({ onCreated }: { onCreated: (coupon: AdminCoupon) => void }) {
  const { t, i18n } = useLingui()
  const [values, setValues] = useState<CouponFormValues>(emptyCoupon)
  const [invalid, setInvalid] = useState<Set<CouponField>>(new Set())
  const [codeTaken, setCodeTaken] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const set = (change: Partial<CouponFormValues>) =>
    setValues((current) => {
      const next = { ...current, ...change }
      if (submitted) setInvalid(validate(next))
      if (change.code !== undefined) setCodeTaken(false)
      return next
    })

  const messages: Record<CouponField, string> = {
    code: t`Use 3 to 40 letters (A–Z), digits, _ or -.`,
    kind: t`Choose what the coupon does.`,
    percentOff: t`Enter a whole percentage from 1 to 100.`,
    amountOffEur: t`Enter an amount from 0.01 to 1,000 euros, with at most two decimals.`,
    grant: t`Give at least one AI credit, premium day or free boost.`,
    aiCredits: t`Enter a whole number from 0 to 100,000.`,
    premiumDays: t`Enter a whole number of days from 0 to 3,650.`,
    freeBoosts: t`Enter a whole number from 0 to 1,000.`,
    planKeys: t`Choose plans from the list.`,
    lastDay: t`Enter a valid date.`,
    maxUses: t`Enter a whole number from 1 to 1,000,000.`,
  }
  const errorOf = (field: CouponField): string | undefined =>
    field === 'code' && codeTaken
      ? t`A coupon with this code exists already.`
      : invalid.has(field)
        ? messages[field]
        : undefined
  const input = (field: CouponField, hint = false) => ({
    id: idOf(field),
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': describedBy(field, hint, Boolean(errorOf(field))),
  })

  function focusFirst(fields: Iterable<CouponField>) {
    const wanted = new Set(fields)
    const first = COUPON_FIELDS.find((f) => wanted.has(f))
    if (first === 'grant') document.getElementById(idOf('aiCredits'))?.focus()
    else if (first === 'planKeys' || first === 'kind')
      document.querySelector<HTMLInputElement>(`#${idOf(first)} input`)?.focus()
    else if (first) document.getElementById(idOf(first))?.focus()
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    setFailure(null)
    const problems = validate(values)
    setInvalid(problems)
    if (problems.size > 0) return focusFirst(problems)
    setSaving(true)
    try {
      const coupon = await adminCouponsApi(browserApi()).create(toBody(values))
      setValues(emptyCoupon())
      setSubmitted(false)
      onCreated(coupon)
    } catch (err) {
      const reason = errorReasonOf(err)
      if (err instanceof ApiError && err.code === 'VALIDATION_ERROR' && Array.isArray(err.details)) {
        const fields = new Set(err.fields.flatMap((d) => fieldOf(d.path) ?? []))
        setInvalid(fields)
        focusFirst(fields)
        if (fields.size === 0) setFailure(t`Some of the details are not valid. Please check the form.`)
      } else if (reason === 'coupon_exists') {
        setCodeTaken(true)
        focusFirst(['code'])
      } else if (err instanceof ApiError && err.code === 'NETWORK_ERROR') {
        setFailure(t`Network error. Please check your connection.`)
      } else {
        setFailure(t`The coupon could not be created. Please try again.`)
      }
    } finally {
      setSaving(false)
    }
  }

  const kinds: Array<[CouponKind, string]> = [
    ['percent', t`A percentage off a plan`],
    ['fixed', t`An amount off a plan`],
    ['grant', t`A gift: AI credits, premium days or free boosts`],
  ]
  const togglePlan = (key: PlanKey, on: boolean) =>
    set({
      planKeys: on
        ? PLAN_KEYS.filter((k) => k === key || values.planKeys.includes(k))
        : values.planKeys.filter((k) => k !== key),
    })
  return (
    <form className="coupon-form" onSubmit={submit} noValidate aria-labelledby="coupon-form-title">
      <h2 id="coupon-form-title">
        <Trans>New coupon</Trans>
      </h2>
      <Field
        field="code"
        label={t`Code`}
        hint={t`3 to 40 letters (A–Z), digits, _ or -; kept in capitals.`}
        error={errorOf('code')}
      >
        <input
          {...input('code', true)}
          dir="ltr"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          value={values.code}
          onChange={(e) => set({ code: e.target.value })}
        />
      </Field>
      <fieldset id={idOf('kind')} className="coupon-kinds">
        <legend>
          <Trans>What it does</Trans>
        </legend>
        {kinds.map(([kind, label]) => (
          <label key={kind} className="check">
            <input
              type="radio"
              name="coupon-kind"
              value={kind}
              checked={values.kind === kind}
              onChange={() => set({ kind })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {values.kind === 'percent' && (
        <Field field="percentOff" label={t`Percent off`} error={errorOf('percentOff')}>
          <input
            {...input('percentOff')}
            inputMode="numeric"
            dir="ltr"
            value={values.percentOff}
            onChange={(e) => set({ percentOff: e.target.value })}
          />
        </Field>
      )}
      {values.kind === 'fixed' && (
        <Field field="amountOffEur" label={t`Amount off (euros)`} error={errorOf('amountOffEur')}>
          <input
            {...input('amountOffEur')}
            inputMode="decimal"
            dir="ltr"
            value={values.amountOffEur}
            onChange={(e) => set({ amountOffEur: e.target.value })}
          />
        </Field>
      )}
      {values.kind === 'grant' && (
        <fieldset className="coupon-grant" aria-describedby={errorOf('grant') ? `${idOf('grant')}-error` : undefined}>
          <legend>
            <Trans>The gift</Trans>
          </legend>
          <div className="form-row">
            <Field field="aiCredits" label={t`AI credits`} error={errorOf('aiCredits')}>
              <input
                {...input('aiCredits')}
                inputMode="numeric"
                dir="ltr"
                value={values.aiCredits}
                onChange={(e) => set({ aiCredits: e.target.value })}
              />
            </Field>
            <Field field="premiumDays" label={t`Premium days`} error={errorOf('premiumDays')}>
              <input
                {...input('premiumDays')}
                inputMode="numeric"
                dir="ltr"
                value={values.premiumDays}
                onChange={(e) => set({ premiumDays: e.target.value })}
              />
            </Field>
            <Field field="freeBoosts" label={t`Free boosts`} error={errorOf('freeBoosts')}>
              <input
                {...input('freeBoosts')}
                inputMode="numeric"
                dir="ltr"
                value={values.freeBoosts}
                onChange={(e) => set({ freeBoosts: e.target.value })}
              />
            </Field>
          </div>
          {errorOf('grant') && (
            <span id={`${idOf('grant')}-error`} className="field-error">
              {errorOf('grant')}
            </span>
          )}
        </fieldset>
      )}
      {values.kind !== 'grant' && (
        <fieldset id={idOf('planKeys')} className="coupon-plans" aria-describedby={`${idOf('planKeys')}-hint`}>
          <legend>
            <Trans>Plans</Trans>
          </legend>
          {PLAN_KEYS.map((key) => (
            <label key={key} className="check">
              <input
                type="checkbox"
                checked={values.planKeys.includes(key)}
                onChange={(e) => togglePlan(key, e.target.checked)}
              />
              {i18n._(PLAN_LABELS[key])}
            </label>
          ))}
          <span id={`${idOf('planKeys')}-hint`} className="hint">
            <Trans>None chosen: every plan.</Trans>
          </span>
          {errorOf('planKeys') && <span className="field-error">{errorOf('planKeys')}</span>}
        </fieldset>
      )}
      <div className="form-row">
        <Field
          field="lastDay"
          label={t`Last day of use`}
          hint={t`Empty: no expiry. It ends at midnight UTC.`}
          error={errorOf('lastDay')}
        >
          <input
            {...input('lastDay', true)}
            type="date"
            dir="ltr"
            value={values.lastDay}
            onChange={(e) => set({ lastDay: e.target.value })}
          />
        </Field>
        <Field
          field="maxUses"
          label={t`Uses in all`}
          hint={t`Empty: no limit. Each person can use a coupon once.`}
          error={errorOf('maxUses')}
        >
          <input
            {...input('maxUses', true)}
            inputMode="numeric"
            dir="ltr"
            value={values.maxUses}
            onChange={(e) => set({ maxUses: e.target.value })}
          />
        </Field>
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? <Trans>Creating…</Trans> : <Trans>Create coupon</Trans>}
        </button>
      </div>
      <ErrorLine message={failure} />
    </form>
  )
}

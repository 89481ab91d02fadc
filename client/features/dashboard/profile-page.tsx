import { Trans, useLingui } from '@lingui/react/macro'
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { isLocaleCode, LOCALES } from '../../../shared/locales.ts'
import { PageHead } from '../../components/page-head.tsx'
import { usersApi } from '../../lib/api/users.ts'
import { ApiError } from '../../lib/api/call.ts'
import type { User } from '../../lib/api/users.ts'
import { apiContext } from '../../lib/context.ts'
import { requireUser } from '../auth/guards.ts'
import { signedIn } from '../auth/signed-in.ts'
import { phoneAction, PhoneSection, type PhoneResult } from './phone-section.tsx'

export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  return { user: await requireUser(context, request) }
})

const FIELDS = ['first_name', 'last_name', 'username', 'language'] as const
type Field = (typeof FIELDS)[number]

type ProfileResult = { saved: boolean; user: User | null; fields: Field[] }

export const action = signedIn(async function action({
  request,
  context,
}: ActionFunctionArgs): Promise<ProfileResult | { phone: PhoneResult }> {
  const form = await request.formData()
  if (form.get('intent') === 'phone') return { phone: await phoneAction(context.get(apiContext), form) }
  const text = (name: string) => String(form.get(name) ?? '').trim()
  const language = text('language')
  try {
    const user = await usersApi(context.get(apiContext)).updateProfile({
      first_name: text('first_name'),
      last_name: text('last_name') || null,
      username: text('username') || null,
      ...(isLocaleCode(language) && { language }),
    })
    return { saved: true, user, fields: [] }
  } catch (err) {
    if (err instanceof ApiError && err.code === 'VALIDATION_ERROR' && Array.isArray(err.details)) {
      const fields = err.fields.flatMap((d) => FIELDS.filter((f) => f === d.path.split('.').pop()))
      return { saved: false, user: null, fields }
    }
    throw err
  }
})

export function Component() {
  const { user } = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  const result = acted && !('phone' in acted) ? acted : undefined
  const navigation = useNavigation()
  const { t } = useLingui()
  const saving = navigation.state === 'submitting'
  const invalid = (field: Field) => result?.fields.includes(field) ?? false
  const error = (field: Field, message: string) =>
    invalid(field) ? (
      <span id={`${field}-error`} className="field-error">
        {message}
      </span>
    ) : null
  const current = result?.user ?? user
  return (
    <section className="profile-page" aria-labelledby="profile-title">
      <PageHead title={t`Profile`} noindex />
      <h1 id="profile-title">
        <Trans>Profile</Trans>
      </h1>
      <Form method="post" className="profile-form" aria-busy={saving}>
        <label>
          <span>
            <Trans>First name</Trans>
          </span>
          <input
            name="first_name"
            required
            maxLength={100}
            defaultValue={current.firstName}
            aria-invalid={invalid('first_name')}
            aria-describedby={invalid('first_name') ? 'first_name-error' : undefined}
          />
          {error('first_name', t`Enter your first name.`)}
        </label>
        <label>
          <span>
            <Trans>Last name</Trans>
          </span>
          <input name="last_name" maxLength={100} defaultValue={current.lastName ?? ''} />
        </label>
        <label>
          <span>
            <Trans>Username</Trans>
          </span>
          <input
            name="username"
            dir="ltr"
            maxLength={32}
            defaultValue={current.username ?? ''}
            aria-invalid={invalid('username')}
            aria-describedby={invalid('username') ? 'username-error' : undefined}
          />
          {error('username', t`Use 3 to 32 letters, digits or _.`)}
        </label>
        <label>
          <span>
            <Trans>Language</Trans>
          </span>
          <select name="language" defaultValue={current.language}>
            {LOCALES.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <div className="form-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? t`Saving…` : t`Save`}
          </button>
          <span role="status" className="form-status">
            {result?.saved && !saving ? t`Your profile is saved.` : ''}
          </span>
        </div>
      </Form>
      <PhoneSection user={current} />
    </section>
  )
}

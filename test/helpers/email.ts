import type { FastifyInstance } from 'fastify'
import { readOutbox } from '../../server/integrations/outbox.ts'

/** The newest action link (`/auth/action?mode=…&oobCode=…`) mailed to `to` through the dev outbox. */
export async function lastActionLink(
  dataDir: string,
  to: string,
  mode: 'verifyEmail' | 'resetPassword' | 'signIn',
): Promise<URL> {
  const mails = (await readOutbox(dataDir, 'mail', to)).reverse()
  for (const mail of mails) {
    const link = /https?:\/\/\S+\/auth\/action\?\S+/.exec(mail.text)?.[0]
    if (link && new URL(link).searchParams.get('mode') === mode) return new URL(link)
  }
  throw new Error(`no ${mode} mail for ${to}`)
}

/** Signs up with the built-in provider, follows the verification link and answers a verified ID token. */
export async function verifiedIdentity(
  app: FastifyInstance,
  dataDir: string,
  email: string,
  password = 'secret-pass',
  displayName = 'Maryam Karimi',
) {
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/v1/identity/sign-up',
    payload: { email, password, display_name: displayName, language: 'en' },
  })
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`)
  const link = await lastActionLink(dataDir, email, 'verifyEmail')
  const applied = await app.inject({
    method: 'POST',
    url: '/api/v1/identity/apply-code',
    payload: { mode: 'verifyEmail', oob_code: link.searchParams.get('oobCode') },
  })
  if (applied.statusCode !== 200) throw new Error(`verification failed: ${applied.body}`)
  const signIn = await app.inject({ method: 'POST', url: '/api/v1/identity/sign-in', payload: { email, password } })
  return signIn.json().data as { id_token: string; uid: string; email: string; email_verified: boolean }
}

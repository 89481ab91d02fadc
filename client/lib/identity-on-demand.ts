import type { PublicConfig } from '../../shared/public-config.ts'
import type { Api } from './api/index.ts'
import type { IdentityClient } from './identity.ts'

/**
 * The identity provider with its code downloaded on first use: only the sign-in pages and the account
 * page use it, so it is not part of every page's JavaScript.
 */
export function identityOnDemand(config: PublicConfig, api: Api): IdentityClient {
  let client: Promise<IdentityClient> | undefined
  const get = () => (client ??= import('./identity.ts').then((m) => m.identityFor(config, api)))
  const links = async () => (await get()).signInLinks!
  return {
    signUp: async (input) => (await get()).signUp(input),
    signIn: async (input) => (await get()).signIn(input),
    sendVerification: async (idToken, language) => (await get()).sendVerification(idToken, language),
    sendPasswordReset: async (email, language) => (await get()).sendPasswordReset(email, language),
    checkResetCode: async (oobCode, signal) => (await get()).checkResetCode(oobCode, signal),
    applyCode: async (input, signal) => (await get()).applyCode(input, signal),
    // the built-in provider's sign-in links; identityFor picks Firebase, which has none, by its key
    ...(!config.firebaseApiKey && {
      signInLinks: {
        send: async (email) => (await links()).send(email),
        check: async (oobCode, signal) => (await links()).check(oobCode, signal),
        use: async (oobCode, signal) => (await links()).use(oobCode, signal),
      },
    }),
  }
}

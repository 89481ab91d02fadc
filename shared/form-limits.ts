// Form limits as plain values: pages import them without zod; the schemas that enforce them re-export them
// (docs/decisions/012-wire-contract.md).

/** The identity provider's password policy, Firebase's default minimum of 6 (the maximum keeps hashing cheap to refuse). */
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 128

/** The contact-us form's limits (shared/schemas/contact-message.ts). */
export const CONTACT_NAME_MAX = 100
export const CONTACT_SUBJECT_MAX = 150
export const CONTACT_MESSAGE_MIN = 10
export const CONTACT_MESSAGE_MAX = 5000

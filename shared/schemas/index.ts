// Every wire shape of the product API, by its export name: the client names the schema an answer
// follows, and parses with it where that is allowed (docs/decisions/012-wire-contract.md).
export * from './common.ts'
export * from './identity.ts'
export * from './listing.ts'
export * from './listing-write.ts'
export * from './location.ts'
export * from './moderation.ts'
export * from './upload.ts'
export * from './user.ts'

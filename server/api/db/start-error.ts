/**
 * The database cannot be used as configured, for a reason only its operator can fix (the embedded
 * database in use by another process, a database that does not exist): the message is one line
 * saying what and what to do (docs/decisions/034-one-writer-per-embedded-database.md).
 */
export class DatabaseStartError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DatabaseStartError'
  }
}

// `npm run admin -- grant <email|telegram id>` / `revoke <…>`: the admin role, by hand (ADMIN_EMAILS and ADMIN_TELEGRAM_IDS grant it at sign-in).
import { migrate } from '../server/api/db/migrate.ts'
import { accountService } from '../server/api/users/account.service.ts'
import { loadConfig } from '../server/config.ts'
import { openScriptDb } from './open-database.ts'

const [command, who] = process.argv.slice(2)
if ((command !== 'grant' && command !== 'revoke') || !who) {
  console.error('usage: npm run admin -- grant|revoke <email|telegram id>')
  process.exit(1)
}
const config = loadConfig()
const db = await openScriptDb(config, 'admin')
if (!db) process.exit()
try {
  await migrate(db)
  const changed = await accountService(db).setAdminRole(who, command === 'grant')
  console.log(
    changed > 0
      ? `admin: ${command === 'grant' ? 'granted to' : 'revoked from'} ${who}`
      : `admin: no user changed (unknown ${who}, or already so)`,
  )
  if (changed === 0) process.exitCode = 2
} catch (err) {
  console.error(`admin: ${(err as Error).message}`)
  process.exitCode = 1
} finally {
  await db.close()
}

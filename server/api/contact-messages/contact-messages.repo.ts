import type { Queryable } from '../db/client.ts'

export interface ContactMessageRow {
  id: number
  created_at: Date
}

/** SQL of the contact-us messages. */
export function contactMessagesRepo(db: Queryable) {
  return {
    async insert(input: { name: string; email: string; subject: string; message: string; language: string }) {
      const [row] = await db.query<ContactMessageRow>(
        `INSERT INTO contact_messages (name, email, subject, message, language)
         VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
        [input.name, input.email, input.subject, input.message, input.language],
      )
      return row!
    },

    async markMailed(id: number): Promise<void> {
      await db.query(`UPDATE contact_messages SET mailed_at = now() WHERE id = $1`, [id])
    },
  }
}

import type { Queryable } from '../db/client.ts'

export interface ReportRow {
  id: number
  listing_id: number
  reporter_id: number
  reason: string
  details: string | null
  status: string
  note: string | null
  resolved_by: number | null
  resolved_at: Date | null
  created_at: Date
}

export interface AdminReportRow extends ReportRow {
  reporter_first_name: string
  listing_slug: string
  listing_status: string
  listing_type: string
  city_name: string
  description_excerpt: string
  thumb_file_id: string | null
  open_count: number
}

/** What moderators see of a listing beyond the owner's view. */
export interface ModerationFieldsRow {
  id: number
  contact: string | null
  status_reason: string | null
  verification_number: string | null
  /** The owner's pin: moderators see where the listing really is. */
  exact_lat: number | null
  exact_lng: number | null
}

const MODERATION_COLUMNS = 'id, contact, status_reason, verification_number, exact_lat, exact_lng'

const REPORT_COLUMNS =
  'id, listing_id, reporter_id, reason, details, status, note, resolved_by, resolved_at, created_at'

// One row per report with its reporter, listing, city, first photo and the listing's open reports.
const SELECT_ADMIN_REPORT = `
  SELECT r.id, r.listing_id, r.reporter_id, r.reason, r.details, r.status, r.note, r.resolved_by, r.resolved_at, r.created_at,
         u.first_name AS reporter_first_name, l.slug AS listing_slug, l.status AS listing_status, l.type AS listing_type,
         c.names->>$1 AS city_name, left(l.description, 160) AS description_excerpt, p.thumb_file_id,
         (SELECT count(*)::int FROM listing_reports o WHERE o.listing_id = l.id AND o.status = 'open') AS open_count
    FROM listing_reports r
    JOIN users u ON u.id = r.reporter_id
    JOIN listings l ON l.id = r.listing_id
    JOIN cities c ON c.id = l.city_id
    LEFT JOIN LATERAL (SELECT thumb_file_id FROM photos WHERE listing_id = l.id ORDER BY position, id LIMIT 1) p ON true`

/** SQL of moderation: the pending queue, status changes under a row lock, reports and the overview counts. */
export function moderationRepo(db: Queryable) {
  return {
    /** One page of the pending queue, oldest edit first, with the fields only moderators see. */
    async pendingPage(limit: number, offset: number): Promise<{ rows: ModerationFieldsRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db.query<ModerationFieldsRow>(
          `SELECT ${MODERATION_COLUMNS} FROM listings
            WHERE status = 'pending' ORDER BY updated_at, id LIMIT ${limit} OFFSET ${offset}`,
        ),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings WHERE status = 'pending'`),
      ])
      return { rows, total: count[0]?.n ?? 0 }
    },

    async moderationFields(ids: number[]): Promise<ModerationFieldsRow[]> {
      return db.query<ModerationFieldsRow>(`SELECT ${MODERATION_COLUMNS} FROM listings WHERE id = ANY($1::int[])`, [
        ids,
      ])
    },

    /** The listing's status and owner (locked for the moderation that follows, when asked). */
    async listingState(
      id: number,
      lock: boolean,
    ): Promise<{ status: string; owner_id: number; updated_at: Date; slug: string } | null> {
      const [row] = await db.query<{ status: string; owner_id: number; updated_at: Date; slug: string }>(
        `SELECT status, owner_id, updated_at, slug FROM listings WHERE id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
        [id],
      )
      return row ?? null
    },

    async approve(id: number, adminId: number): Promise<void> {
      await db.query(
        `UPDATE listings SET status = 'active', status_reason = NULL, activated_at = now(), moderated_by = $2, moderated_at = now(), updated_at = now()
          WHERE id = $1`,
        [id, adminId],
      )
    },

    /** Rejected or removed by a moderator, with the reason the owner reads. */
    async setModeratedStatus(
      id: number,
      status: 'rejected' | 'removed',
      reason: string,
      adminId: number,
    ): Promise<void> {
      await db.query(
        `UPDATE listings SET status = $2, status_reason = $3, moderated_by = $4, moderated_at = now(), updated_at = now() WHERE id = $1`,
        [id, status, reason, adminId],
      )
    },

    /** Locks the live user's row, so one user's reports are counted and written one at a time. */
    async lockUser(userId: number): Promise<boolean> {
      return (
        (await db.query(`SELECT id FROM users WHERE id = $1 AND deleted_at IS NULL FOR NO KEY UPDATE`, [userId]))
          .length > 0
      )
    },

    async hasOpenReport(listingId: number, reporterId: number): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM listing_reports WHERE listing_id = $1 AND reporter_id = $2 AND status = 'open'`,
        [listingId, reporterId],
      )
      return rows.length > 0
    },

    async insertReport(
      listingId: number,
      reporterId: number,
      reason: string,
      details: string | null,
    ): Promise<ReportRow> {
      const [row] = await db.query<ReportRow>(
        `INSERT INTO listing_reports (listing_id, reporter_id, reason, details) VALUES ($1, $2, $3, $4) RETURNING ${REPORT_COLUMNS}`,
        [listingId, reporterId, reason, details],
      )
      return row!
    },

    async findReport(id: number): Promise<ReportRow | null> {
      const [row] = await db.query<ReportRow>(`SELECT ${REPORT_COLUMNS} FROM listing_reports WHERE id = $1`, [id])
      return row ?? null
    },

    /** The report, locked for its resolution. */
    async lockReport(id: number): Promise<ReportRow | null> {
      const [row] = await db.query<ReportRow>(
        `SELECT ${REPORT_COLUMNS} FROM listing_reports WHERE id = $1 FOR NO KEY UPDATE`,
        [id],
      )
      return row ?? null
    },

    /** Closes open reports (these ids, or every open one of the listing); returns the ids closed. */
    async closeReports(
      where: { ids: number[] } | { listingId: number },
      status: string,
      note: string | null,
      adminId: number,
    ): Promise<number[]> {
      const byIds = 'ids' in where
      const rows = await db.query<{ id: number }>(
        `UPDATE listing_reports SET status = $2, note = $3, resolved_by = $4, resolved_at = now()
          WHERE ${byIds ? 'id = ANY($1::int[])' : 'listing_id = $1'} AND status = 'open' RETURNING id`,
        [byIds ? where.ids : where.listingId, status, note, adminId],
      )
      return rows.map((r) => r.id).sort((a, b) => a - b)
    },

    /** One page of the report queue: open ones oldest first, closed ones newest first. */
    async reportsPage(
      status: string,
      language: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: AdminReportRow[]; total: number }> {
      const order = status === 'open' ? 'r.created_at, r.id' : 'r.created_at DESC, r.id DESC'
      const [rows, count] = await Promise.all([
        db.query<AdminReportRow>(
          `${SELECT_ADMIN_REPORT} WHERE r.status = $2 ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
          [language, status],
        ),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listing_reports WHERE status = $1`, [status]),
      ])
      return { rows, total: count[0]?.n ?? 0 }
    },

    async adminReport(id: number, language: string): Promise<AdminReportRow | null> {
      const [row] = await db.query<AdminReportRow>(`${SELECT_ADMIN_REPORT} WHERE r.id = $2`, [language, id])
      return row ?? null
    },

    /** Listings by status (with those created in 7 days), then users and open reports: two aggregate queries. */
    async overview() {
      const [byStatus, [totals]] = await Promise.all([
        db.query<{ status: string; n: number; new_7d: number }>(
          `SELECT status, count(*)::int AS n, (count(*) FILTER (WHERE created_at > now() - interval '7 days'))::int AS new_7d
             FROM listings GROUP BY status`,
        ),
        db.query<{ users_total: number; users_new_7d: number; open_reports: number }>(
          `SELECT count(*)::int AS users_total,
                  (count(*) FILTER (WHERE created_at > now() - interval '7 days'))::int AS users_new_7d,
                  (SELECT count(*)::int FROM listing_reports WHERE status = 'open') AS open_reports
             FROM users WHERE deleted_at IS NULL`,
        ),
      ])
      return { byStatus, totals: totals! }
    },
  }
}
export type ModerationRepo = ReturnType<typeof moderationRepo>

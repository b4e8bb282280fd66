import type { AuditAction, AuditTarget } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { insertAuditRow, selectAuditPage, type AuditRowFilter } from './audit.repository';

/**
 * The audit log (docs/product.md → Staff → Audit log). Append-only: this module inserts and
 * reads, nothing updates or deletes, and the database refuses both (migration 0011's trigger).
 * A write and its entry go in the same transaction: pass the transaction as `db`.
 */
export interface AuditEntry {
  /** Null only for a failed sign-in that names no staff member. */
  staffId: number | null;
  action: AuditAction;
  target?: { type: AuditTarget; id: string | number };
  /** The family the entry is about: their page lists it. */
  parentId?: number | null;
  /** The client address the request came from (after the trusted proxy). */
  ip?: string | null;
  /** Changed fields only (`changedFields`); never a password, code, token or secret. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  detail?: Record<string, unknown> | null;
}

export interface AuditRecord {
  id: number;
  at: Date;
  staffId: number | null;
  action: string;
  target: { type: string; id: string } | null;
  parentId: number | null;
  ip: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  detail: Record<string, unknown> | null;
}

export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<number> {
  return insertAuditRow(db, {
    staff_id: entry.staffId,
    action: entry.action,
    target_type: entry.target?.type ?? null,
    target_id: entry.target === undefined ? null : String(entry.target.id),
    parent_id: entry.parentId ?? null,
    ip: entry.ip ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    detail: entry.detail ?? null,
  });
}

/**
 * The fields of `after` whose value differs from `before`, as a before/after pair (values compared
 * as JSON, so dates and nested objects compare by content). Empty objects when nothing changed.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: was, after: now };
}

export type AuditFilter = AuditRowFilter;

/** A page of entries, newest first. */
export async function listAudit(
  ctx: Pick<AppContext, 'db'>,
  filter: AuditFilter,
  page: { page: number; pageSize: number },
): Promise<{ entries: AuditRecord[]; total: number }> {
  const { rows, total } = await selectAuditPage(ctx.db, filter, {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return {
    total,
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at,
      staffId: row.staff_id,
      action: row.action,
      target:
        row.target_type && row.target_id ? { type: row.target_type, id: row.target_id } : null,
      parentId: row.parent_id,
      ip: row.ip,
      before: row.before as Record<string, unknown> | null,
      after: row.after as Record<string, unknown> | null,
      detail: row.detail as Record<string, unknown> | null,
    })),
  };
}

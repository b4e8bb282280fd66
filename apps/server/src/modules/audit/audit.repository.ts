import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRow(db: DbOrTx, row: NewAuditRow): Promise<number> {
  const [inserted] = await db.insert(auditLog).values(row).returning({ id: auditLog.id });
  return inserted!.id;
}

export interface AuditRowFilter {
  staffId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  parentId?: number;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

function whereOf(filter: AuditRowFilter): SQL | undefined {
  return and(
    filter.staffId === undefined ? undefined : eq(auditLog.staff_id, filter.staffId),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.targetType === undefined ? undefined : eq(auditLog.target_type, filter.targetType),
    filter.targetId === undefined ? undefined : eq(auditLog.target_id, filter.targetId),
    filter.parentId === undefined ? undefined : eq(auditLog.parent_id, filter.parentId),
    filter.from === undefined ? undefined : gte(auditLog.at, filter.from),
    filter.to === undefined ? undefined : lt(auditLog.at, filter.to),
  );
}

/** Newest first, one page, with the number of entries matching. */
export async function selectAuditPage(
  db: DbOrTx,
  filter: AuditRowFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

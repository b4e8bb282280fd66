import type { DbOrTx } from '../../db/client';
import { recordAudit, type AuditEntry } from '../audit/audit.service';

/**
 * An entry about member `id`'s account by `actor` (an admin, or the member themselves while
 * signing in), in the caller's transaction.
 */
export function auditMember(
  tx: DbOrTx,
  actor: { staffId: number; ip: string | null },
  id: number,
  entry: Omit<AuditEntry, 'staffId' | 'target' | 'ip'>,
) {
  return recordAudit(tx, {
    staffId: actor.staffId,
    target: { type: 'staff', id },
    ip: actor.ip,
    ...entry,
  });
}

import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { parents } from './parents';

/**
 * The credit ledger (docs/product.md → Lessons and credits): append-only; every change of a
 * parent's credits is one row, and balances are sums over it. Paid credit is refundable, reward
 * credit is not; `reserved` holds credit set aside for scheduled lessons (released or consumed
 * later). `idempotency_key` makes a retried grant or charge a no-op (unique).
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id),
    /** Event type (reward-setting id), e.g. purchase, reward, reserve, release, consume, refund. */
    event: text('event').notNull(),
    paid_delta: integer('paid_delta').notNull().default(0),
    reward_delta: integer('reward_delta').notNull().default(0),
    reserved_delta: integer('reserved_delta').notNull().default(0),
    /** Shown in the credit history in both languages. */
    title_en: text('title_en').notNull(),
    title_zh: text('title_zh').notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_ledger_idempotency_uq').on(t.idempotency_key),
    index('credit_ledger_parent_idx').on(t.parent_id, t.id),
    // The dashboard's weekly flows and settled days (decision 045).
    index('credit_ledger_created_idx').on(t.created_at),
  ],
);

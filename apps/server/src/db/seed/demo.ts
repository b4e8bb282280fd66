import { eq, sql } from 'drizzle-orm';
import { DEVELOPMENT_STAFF_TOTP_KEY } from '../../config';
import type { Database, Transaction } from '../client';
import { appMeta } from '../schema';
import { seedAdvisers } from './advisers';
import { seedAgreements } from './agreements';
import { seedCatalogue } from './catalogue';
import { seedChildren } from './children';
import { seedBilling } from './billing';
import { seedCredits } from './credits';
import { seedLessons } from './lessons';
import { seedParents } from './parents';
import { seedStaff } from './staff';
import { seedTeachers } from './teachers';

/** What demo data needs from configuration. */
export interface DemoOptions {
  /** The key the demo staff's TOTP secret is encrypted under (config.staff.totpKey). */
  staffTotpKey: Buffer;
}

/** One part of the demo data (docs/product.md → Demo data); runs inside the seeding transaction. */
export type DemoSeeder = (tx: Transaction, now: Date, options: DemoOptions) => Promise<void>;

/** In order: later parts may use rows of earlier ones. Each issue adds its part here. */
export const DEMO_SEEDERS: DemoSeeder[] = [
  seedParents,
  seedAdvisers,
  seedChildren,
  seedAgreements,
  // Staff first: the admin and the adviser keep their ids whatever the later parts add.
  (tx, now, options) => seedStaff(tx, now, options.staffTotpKey),
  // The teachers before any lesson, so the generator gives lessons their course's teacher.
  async (tx, now, options) => {
    await seedTeachers(tx, now, options.staffTotpKey, await seedCatalogue(tx, now));
  },
  seedCredits,
  seedLessons,
  seedBilling,
];

const DEMO_MARKER = 'demo_data_seeded_at';
const SEED_LOCK_ID = 724_310_002;

/**
 * Fills a new database with demo data once. The marker row and a transaction-scoped advisory
 * lock make it safe when several instances start together on one PostgreSQL.
 */
export async function seedDemoData(
  db: Database,
  now: Date,
  options: DemoOptions = { staffTotpKey: DEVELOPMENT_STAFF_TOTP_KEY },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [marker] = await tx.select().from(appMeta).where(eq(appMeta.key, DEMO_MARKER)).limit(1);
    if (marker) return false;
    for (const seeder of DEMO_SEEDERS) await seeder(tx, now, options);
    await tx.insert(appMeta).values({ key: DEMO_MARKER, value: now.toISOString() });
    return true;
  });
}

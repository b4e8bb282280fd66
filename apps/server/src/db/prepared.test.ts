import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/database';
import { newPublicId } from '../lib/ids';
import { insertParent } from '../modules/parents/parents.service';
import type { DatabaseHandle } from './client';
import { prepared } from './prepared';
import { parents } from './schema';

let phones = 0;
function createParent(database: DatabaseHandle, name: string) {
  phones += 1;
  return insertParent(database.db, {
    user_sn: newPublicId('P'),
    country_code: '86',
    mobile: `1370000${String(phones).padStart(4, '0')}`,
    name,
    status: 1,
  });
}

describe('prepared', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const parentName = (db: Parameters<typeof prepared>[0], id: number) =>
    prepared(db, 'test_parent_name', (db) =>
      db
        .select({ name: parents.name })
        .from(parents)
        .where(eq(parents.id, sql.placeholder('id')))
        .prepare('test_parent_name'),
    ).execute({ id });

  it('builds a query once per database handle and fills its values each time', async () => {
    const a = await createParent(database, 'Ann');
    const b = await createParent(database, 'Bob');
    const build = () => prepared(database.db, 'test_same', () => ({}));
    expect(build()).toBe(build());
    expect(await parentName(database.db, a.id)).toEqual([{ name: 'Ann' }]);
    expect(await parentName(database.db, b.id)).toEqual([{ name: 'Bob' }]);
  });

  it('runs inside a transaction on the transaction’s connection (sees its own writes)', async () => {
    const parent = await createParent(database, 'Before');
    await database.db.transaction(async (tx) => {
      await tx.update(parents).set({ name: 'Inside' }).where(eq(parents.id, parent.id));
      expect(await parentName(tx, parent.id)).toEqual([{ name: 'Inside' }]);
      expect(prepared(tx, 'test_tx', () => ({}))).not.toBe(prepared(tx, 'test_tx', () => ({})));
    });
    expect(await parentName(database.db, parent.id)).toEqual([{ name: 'Inside' }]);
  });
});

import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { avatars, parents, students } from '../../db/schema';

export type StudentRow = typeof students.$inferSelect;

export function findAvatars(db: DbOrTx) {
  return db.select().from(avatars).orderBy(asc(avatars.sort), asc(avatars.id));
}

export async function findAvatar(db: DbOrTx, id: number) {
  const [row] = await db.select().from(avatars).where(eq(avatars.id, id)).limit(1);
  return row;
}

/** The parent's live children with their avatar URL, oldest profile first. */
export function findStudents(db: DbOrTx, parentId: number) {
  const query = prepared(db, 'students_of_parent', (db) =>
    db
      .select({ student: students, avatarUrl: avatars.url })
      .from(students)
      .innerJoin(avatars, eq(avatars.id, students.avatar_id))
      .where(and(eq(students.parent_id, sql.placeholder('parentId')), isNull(students.deleted_at)))
      .orderBy(asc(students.id))
      .prepare('students_of_parent'),
  );
  return query.execute({ parentId });
}

/** A live child of this parent only: another parent's student_sn finds nothing. */
export async function findOwnStudent(
  db: DbOrTx,
  parentId: number,
  studentSn: string,
): Promise<StudentRow | undefined> {
  const [row] = await db
    .select()
    .from(students)
    .where(
      and(
        eq(students.student_sn, studentSn),
        eq(students.parent_id, parentId),
        isNull(students.deleted_at),
      ),
    )
    .limit(1);
  return row;
}

/** Locks the parent row so concurrent adds are counted one after another. */
export async function lockParent(db: DbOrTx, parentId: number) {
  const [row] = await db
    .select({ id: parents.id, override: parents.child_limit_override })
    .from(parents)
    .where(eq(parents.id, parentId))
    .for('update');
  return row;
}

export async function countStudents(db: DbOrTx, parentId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(students)
    .where(and(eq(students.parent_id, parentId), isNull(students.deleted_at)));
  return Number(row?.n ?? 0);
}

export async function insertStudent(
  db: DbOrTx,
  row: typeof students.$inferInsert,
): Promise<StudentRow> {
  const [inserted] = await db.insert(students).values(row).returning();
  return inserted!;
}

export async function updateStudent(
  db: DbOrTx,
  id: number,
  changes: Partial<typeof students.$inferInsert>,
): Promise<void> {
  await db.update(students).set(changes).where(eq(students.id, id));
}

/** A live child of this parent; another parent's student_sn finds nothing. */
export async function findOwnStudentId(
  db: DbOrTx,
  parentId: number,
  studentSn: string,
): Promise<number | undefined> {
  const query = prepared(db, 'own_student_id', (db) =>
    db
      .select({ id: students.id })
      .from(students)
      .where(
        and(
          eq(students.student_sn, sql.placeholder('studentSn')),
          eq(students.parent_id, sql.placeholder('parentId')),
          isNull(students.deleted_at),
        ),
      )
      .limit(1)
      .prepare('own_student_id'),
  );
  const [row] = await query.execute({ studentSn, parentId });
  return row?.id;
}

import {
  CATALOGUE_SUBJECT_IMAGES,
  type CatalogueLevelBody,
  type CatalogueLevelCreateBody,
  type CatalogueLevelGroupBody,
  type CatalogueLevelGroupCreateBody,
  type CatalogueSubjectBody,
  type CatalogueTopicBody,
  type AuditAction,
  type AuditTarget,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import { changedFields, recordAudit } from '../audit/audit.service';
import { listTeachers } from '../teachers/teachers.service';
import {
  findLevel,
  findLevelGroup,
  findAllLevels,
  countTopicsByLevel,
  findSubjectForUpdate,
  findTopic,
  findTopicsOfLevel,
  insertLevel,
  insertLevelGroup,
  insertSubject,
  insertTopic,
  lastTopicPosition,
  setTopicPositions,
  updateLevel,
  updateLevelGroup,
  updateSubject,
  updateTopic,
  type LevelGroupRow,
  type LevelRow,
  type TeacherOptionRow,
  type TopicRow,
} from './catalogue-admin.repository';
import { findLevelGroups, findSubject, findSubjects } from './catalogue.repository';

/**
 * The catalogue as the school edits it (issue #22, docs/product.md → Staff → Catalogue):
 * subjects, level groups, levels and topics (courses: course-admin.service.ts). Every write and
 * its audit entry share one transaction. Nothing here is cached: the public pages read the
 * database on each request (their HTTP answers are `no-cache`), so a change shows at once on
 * every instance.
 */

/** Who is acting, for the audit entry. */
export interface CatalogueActor {
  staffId: number;
  ip: string | null;
}

/** An audit entry about a catalogue row, in the write's transaction. */
export function auditCatalogue(
  db: DbOrTx,
  actor: CatalogueActor,
  action: AuditAction,
  target: { type: AuditTarget; id: string | number },
  entry: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
) {
  return recordAudit(db, {
    staffId: actor.staffId,
    action,
    target,
    ip: actor.ip,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * Audits an edit with its changed fields only; nothing when nothing changed (a form saved
 * unchanged is not an event).
 */
async function auditUpdate<T extends Record<string, unknown>>(
  db: DbOrTx,
  actor: CatalogueActor,
  target: { type: AuditTarget; id: number },
  was: T,
  now: T,
) {
  const diff = changedFields(was, now);
  if (Object.keys(diff.after).length === 0) return;
  await auditCatalogue(db, actor, 'catalogue.updated', target, diff);
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface AdminSubject {
  id: number;
  titleEn: string;
  titleZh: string;
  descriptionEn: string;
  descriptionZh: string;
  img: string;
  sort: number;
}

export interface AdminLevelGroup {
  id: number;
  subjectId: number;
  titleEn: string;
  titleZh: string;
  sort: number;
}

export interface AdminLevel {
  id: number;
  subjectId: number;
  levelGroupId: number;
  titleEn: string;
  titleZh: string;
  ageFrom: number;
  ageTo: number;
  descriptionEn: string;
  descriptionZh: string;
  sort: number;
  topics: number;
}

export interface AdminTopic {
  id: number;
  levelId: number;
  position: number;
  titleEn: string;
  titleZh: string;
}

export interface TeacherOption {
  id: number;
  teacherSn: string;
  nameEn: string;
  nameZh: string;
}

const groupOf = (row: LevelGroupRow): AdminLevelGroup => ({
  id: row.id,
  subjectId: row.subject_id,
  titleEn: row.title_en,
  titleZh: row.title_zh,
  sort: row.sort,
});

const levelOf = (row: LevelRow, topics: number): AdminLevel => ({
  id: row.id,
  subjectId: row.subject_id,
  levelGroupId: row.level_group_id,
  titleEn: row.title_en,
  titleZh: row.title_zh,
  ageFrom: row.age_range_start,
  ageTo: row.age_range_end,
  descriptionEn: row.description_en,
  descriptionZh: row.description_zh,
  sort: row.sort,
  topics,
});

const topicOf = (row: TopicRow): AdminTopic => ({
  id: row.id,
  levelId: row.level_id,
  position: row.position,
  titleEn: row.title_en,
  titleZh: row.title_zh,
});

export const teacherOptionOf = (row: TeacherOptionRow): TeacherOption => ({
  id: row.id,
  teacherSn: row.teacher_sn,
  nameEn: row.name_en,
  nameZh: row.name_zh,
});

/** GET /api/ops/catalogue: subjects, level groups and levels in display order. */
export async function getCatalogueTree(ctx: Pick<AppContext, 'db'>) {
  const [subjectRows, groupRows, levelRows, topicCounts] = await Promise.all([
    findSubjects(ctx.db),
    findLevelGroups(ctx.db),
    findAllLevels(ctx.db),
    countTopicsByLevel(ctx.db),
  ]);
  return {
    subjects: subjectRows.map((row): AdminSubject => ({
      id: row.id,
      titleEn: row.title_en,
      titleZh: row.title_zh,
      descriptionEn: row.description_en,
      descriptionZh: row.description_zh,
      img: row.img,
      sort: row.sort,
    })),
    levelGroups: groupRows.map(groupOf),
    levels: levelRows.map((row) => levelOf(row, topicCounts.get(row.id) ?? 0)),
    subjectImages: [...CATALOGUE_SUBJECT_IMAGES],
  };
}

/** The teachers a course may have (the course form's picker). */
export async function listTeacherOptions(ctx: Pick<AppContext, 'db'>): Promise<TeacherOption[]> {
  return (await listTeachers(ctx)).map(({ id, teacherSn, nameEn, nameZh }) => ({
    id,
    teacherSn,
    nameEn,
    nameZh,
  }));
}

// ---------------------------------------------------------------------------------------------
// Subjects

const subjectColumns = (body: CatalogueSubjectBody) => ({
  title_en: body.titleEn,
  title_zh: body.titleZh,
  description_en: body.descriptionEn,
  description_zh: body.descriptionZh,
  img: body.img,
  sort: body.sort,
});

export async function createSubject(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  body: CatalogueSubjectBody,
  actor: CatalogueActor,
): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    const row = await insertSubject(tx, subjectColumns(body));
    await auditCatalogue(
      tx,
      actor,
      'catalogue.created',
      { type: 'subject', id: row.id },
      {
        after: body,
      },
    );
    return { id: row.id };
  });
}

export async function updateSubjectById(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  id: number,
  body: CatalogueSubjectBody,
  actor: CatalogueActor,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findSubjectForUpdate(tx, id);
    if (!row) throw notFound('catalogueSubjectUnknown');
    await updateSubject(tx, id, { ...subjectColumns(body), updated_at: ctx.clock.now() });
    await auditUpdate(
      tx,
      actor,
      { type: 'subject', id },
      {
        titleEn: row.title_en,
        titleZh: row.title_zh,
        descriptionEn: row.description_en,
        descriptionZh: row.description_zh,
        img: row.img,
        sort: row.sort,
      },
      body,
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Level groups

export async function createLevelGroup(
  ctx: Pick<AppContext, 'db'>,
  body: CatalogueLevelGroupCreateBody,
  actor: CatalogueActor,
): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    if (!(await findSubject(tx, body.subjectId))) throw badRequest('catalogueSubjectUnknown');
    const row = await insertLevelGroup(tx, {
      subject_id: body.subjectId,
      title_en: body.titleEn,
      title_zh: body.titleZh,
      sort: body.sort,
    });
    await auditCatalogue(
      tx,
      actor,
      'catalogue.created',
      { type: 'level-group', id: row.id },
      {
        after: body,
      },
    );
    return { id: row.id };
  });
}

export async function updateLevelGroupById(
  ctx: Pick<AppContext, 'db'>,
  id: number,
  body: CatalogueLevelGroupBody,
  actor: CatalogueActor,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findLevelGroup(tx, id, true);
    if (!row) throw notFound('catalogueLevelGroupUnknown');
    await updateLevelGroup(tx, id, {
      title_en: body.titleEn,
      title_zh: body.titleZh,
      sort: body.sort,
    });
    const { subjectId: _subject, id: _id, ...was } = groupOf(row);
    await auditUpdate(tx, actor, { type: 'level-group', id }, was, body);
  });
}

// ---------------------------------------------------------------------------------------------
// Levels

/** The group must exist and be of the level's subject. */
async function requireGroupOfSubject(db: DbOrTx, groupId: number, subjectId: number) {
  const group = await findLevelGroup(db, groupId);
  if (!group || group.subject_id !== subjectId) throw badRequest('catalogueLevelGroupUnknown');
}

const levelColumns = (body: CatalogueLevelBody) => ({
  level_group_id: body.levelGroupId,
  title_en: body.titleEn,
  title_zh: body.titleZh,
  age_range_start: body.ageFrom,
  age_range_end: body.ageTo,
  description_en: body.descriptionEn,
  description_zh: body.descriptionZh,
  sort: body.sort,
});

export async function createLevel(
  ctx: Pick<AppContext, 'db'>,
  body: CatalogueLevelCreateBody,
  actor: CatalogueActor,
): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    if (!(await findSubject(tx, body.subjectId))) throw badRequest('catalogueSubjectUnknown');
    await requireGroupOfSubject(tx, body.levelGroupId, body.subjectId);
    const row = await insertLevel(tx, { subject_id: body.subjectId, ...levelColumns(body) });
    await auditCatalogue(
      tx,
      actor,
      'catalogue.created',
      { type: 'level', id: row.id },
      {
        after: body,
      },
    );
    return { id: row.id };
  });
}

export async function updateLevelById(
  ctx: Pick<AppContext, 'db'>,
  id: number,
  body: CatalogueLevelBody,
  actor: CatalogueActor,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findLevel(tx, id, true);
    if (!row) throw notFound('catalogueLevelUnknown');
    await requireGroupOfSubject(tx, body.levelGroupId, row.subject_id);
    await updateLevel(tx, id, levelColumns(body));
    const { id: _id, subjectId: _subject, topics: _topics, ...was } = levelOf(row, 0);
    await auditUpdate(tx, actor, { type: 'level', id }, was, body);
  });
}

// ---------------------------------------------------------------------------------------------
// Topics

/** GET /api/ops/catalogue/levels/:levelId/topics: the level's topics in order. */
export async function listLevelTopics(
  ctx: Pick<AppContext, 'db'>,
  levelId: number,
): Promise<AdminTopic[]> {
  if (!(await findLevel(ctx.db, levelId))) throw notFound('catalogueLevelUnknown');
  return (await findTopicsOfLevel(ctx.db, levelId)).map(topicOf);
}

/**
 * A new topic goes last in its level. The level row is locked so two topics added at once do not
 * take the same position.
 */
export async function createTopic(
  ctx: Pick<AppContext, 'db'>,
  levelId: number,
  body: CatalogueTopicBody,
  actor: CatalogueActor,
): Promise<AdminTopic> {
  return ctx.db.transaction(async (tx) => {
    if (!(await findLevel(tx, levelId, true))) throw notFound('catalogueLevelUnknown');
    const position = (await lastTopicPosition(tx, levelId)) + 1;
    const row = await insertTopic(tx, {
      level_id: levelId,
      position,
      title_en: body.titleEn,
      title_zh: body.titleZh,
    });
    await auditCatalogue(
      tx,
      actor,
      'catalogue.created',
      { type: 'topic', id: row.id },
      {
        after: { levelId, position, ...body },
      },
    );
    return topicOf(row);
  });
}

export async function updateTopicById(
  ctx: Pick<AppContext, 'db'>,
  id: number,
  body: CatalogueTopicBody,
  actor: CatalogueActor,
): Promise<AdminTopic> {
  return ctx.db.transaction(async (tx) => {
    const topic = await findTopic(tx, id);
    if (!topic) throw notFound('catalogueTopicUnknown');
    // Locks the level as a reorder does, so the edit and a reorder apply one after the other.
    await findLevel(tx, topic.level_id, true);
    await updateTopic(tx, id, { title_en: body.titleEn, title_zh: body.titleZh });
    await auditUpdate(
      tx,
      actor,
      { type: 'topic', id },
      { titleEn: topic.title_en, titleZh: topic.title_zh },
      body,
    );
    return topicOf({ ...topic, title_en: body.titleEn, title_zh: body.titleZh });
  });
}

/**
 * Puts the level's topics in the order given: every topic of the level, each once (a list made
 * from a stale page is refused rather than guessed at). Positions become 1…n.
 */
export async function reorderTopics(
  ctx: Pick<AppContext, 'db'>,
  levelId: number,
  topicIds: number[],
  actor: CatalogueActor,
): Promise<AdminTopic[]> {
  return ctx.db.transaction(async (tx) => {
    if (!(await findLevel(tx, levelId, true))) throw notFound('catalogueLevelUnknown');
    const current = await findTopicsOfLevel(tx, levelId);
    const known = new Set(current.map((topic) => topic.id));
    if (topicIds.length !== known.size || !topicIds.every((id) => known.has(id)))
      throw badRequest('catalogueTopicOrderInvalid');
    const was = current.map((topic) => topic.id);
    if (was.join() !== topicIds.join()) {
      await setTopicPositions(tx, levelId, topicIds);
      await auditCatalogue(
        tx,
        actor,
        'catalogue.updated',
        { type: 'level', id: levelId },
        {
          before: { topicOrder: was },
          after: { topicOrder: topicIds },
        },
      );
    }
    return (await findTopicsOfLevel(tx, levelId)).map(topicOf);
  });
}

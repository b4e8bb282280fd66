import { fileTypeFromBuffer } from 'file-type';
import {
  LATE_START_AFTER_MS,
  TEACHER_PHOTO_MAX_BYTES,
  TEACHER_PHOTO_PRESETS,
  TEACHER_PHOTO_TYPES,
  teacherPhotoUrl,
  type CreateTeacherBody,
  type TeacherFiguresQuery,
  type TimeOffBody,
  type UpdateTeacherBody,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import type { AvailabilityWindow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { newPublicId } from '../../lib/ids';
import { dayInZone, zonedTimeToUtc } from '../../lib/time';
import { changedFields, recordAudit } from '../audit/audit.service';
import {
  countSubjects,
  deletePhotosExcept,
  deleteTimeOff,
  hasOverlappingTimeOff,
  insertPhoto,
  insertTeacher,
  insertTimeOff,
  lockStaffMember,
  selectFigureClasses,
  selectPhoto,
  selectRatings,
  selectTeacherBySn,
  selectTeacherByStaffId,
  selectTeachers,
  selectTeachersByIds,
  selectTimeOff,
  updateTeacherRow,
  type TeacherRow,
  type TeacherWithStaffRow,
  type TimeOffRow,
} from './teachers.repository';

/**
 * Teachers' profiles (issue #22): a staff member with the `teacher` role gets one profile with
 * names in both languages, a photo (one of the fixed set, or an upload kept in the database and
 * served by our own route), subjects, a time zone, weekly availability and time off as date
 * ranges. Every write is audited in its transaction. The teacher's own week is teaching.service.
 */

type Ctx = Pick<AppContext, 'db'>;

/** Who acts, for the audit entry. */
export interface StaffActor {
  staffId: number;
  ip: string | null;
}

export interface Teacher {
  id: number;
  teacherSn: string;
  staffId: number;
  email: string;
  nameEn: string;
  nameZh: string;
  photo: string;
  photoUrl: string;
  subjectIds: number[];
  timeZone: string;
  status: 'invited' | 'active' | 'disabled';
}

export interface TimeOff {
  id: number;
  startsOn: string;
  endsOn: string;
  note: string;
}

export interface TeacherDetail extends Teacher {
  availability: AvailabilityWindow[];
  timeOff: TimeOff[];
}

/** How other modules show a teacher: names and photo URL. */
export interface TeacherDisplay {
  teacherSn: string;
  nameEn: string;
  nameZh: string;
  photoUrl: string;
}

/** A profile without its staff account's e-mail and status. */
export type TeacherProfile = Omit<Teacher, 'email' | 'status'>;

const profileOf = (row: TeacherRow): TeacherProfile => ({
  id: row.id,
  teacherSn: row.teacher_sn,
  staffId: row.staff_id,
  nameEn: row.name_en,
  nameZh: row.name_zh,
  photo: row.photo,
  photoUrl: teacherPhotoUrl(row.photo),
  subjectIds: row.subject_ids,
  timeZone: row.time_zone,
});

const teacherOf = (row: TeacherWithStaffRow): Teacher => ({
  ...profileOf(row),
  email: row.email,
  status: row.status,
});

const timeOffOf = (row: TimeOffRow): TimeOff => ({
  id: row.id,
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  note: row.note,
});

/** The fields the audit log shows for a profile (the photo's value, never its bytes). */
const auditFieldsOf = (row: TeacherRow) => ({
  nameEn: row.name_en,
  nameZh: row.name_zh,
  photo: row.photo,
  subjectIds: row.subject_ids,
  timeZone: row.time_zone,
  availability: row.availability,
});

export async function listTeachers(ctx: Ctx): Promise<Teacher[]> {
  return (await selectTeachers(ctx.db)).map(teacherOf);
}

async function requireTeacher(ctx: Ctx, teacherSn: string): Promise<TeacherWithStaffRow> {
  const row = await selectTeacherBySn(ctx.db, teacherSn);
  if (!row) throw notFound();
  return row;
}

export async function getTeacher(ctx: Ctx, teacherSn: string): Promise<TeacherDetail> {
  const row = await requireTeacher(ctx, teacherSn);
  const timeOff = await selectTimeOff(ctx.db, row.id);
  return { ...teacherOf(row), availability: row.availability, timeOff: timeOff.map(timeOffOf) };
}

/** A teacher's id from its public id; undefined when there is none (other modules' lookups). */
export async function findTeacherIdBySn(ctx: Ctx, teacherSn: string): Promise<number | undefined> {
  return (await selectTeacherBySn(ctx.db, teacherSn))?.id;
}

/** The profile of a signed-in staff member, if they have one (the teacher's own week). */
export async function findTeacherOfStaff(
  ctx: Ctx,
  staffId: number,
): Promise<TeacherProfile | undefined> {
  const row = await selectTeacherByStaffId(ctx.db, staffId);
  return row ? profileOf(row) : undefined;
}

/** Names and photo URL of each teacher in `teacherIds` (unknown ids are left out). */
export async function findTeacherDisplay(
  ctx: Ctx,
  teacherIds: readonly number[],
): Promise<Map<number, TeacherDisplay>> {
  const rows = await selectTeachersByIds(ctx.db, [...new Set(teacherIds)]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        teacherSn: row.teacher_sn,
        nameEn: row.name_en,
        nameZh: row.name_zh,
        photoUrl: teacherPhotoUrl(row.photo),
      },
    ]),
  );
}

/** The fixed photo set, in order. */
export function listPhotoPresets(): { key: string; url: string }[] {
  return TEACHER_PHOTO_PRESETS.map((key) => ({ key, url: teacherPhotoUrl(key) }));
}

async function requireSubjects(ctx: Ctx, subjectIds: number[] | undefined) {
  if (!subjectIds?.length) return;
  if ((await countSubjects(ctx.db, subjectIds)) !== subjectIds.length)
    throw badRequest('teachersSubjectUnknown');
}

/**
 * A profile for a staff member with the `teacher` role who has none. The member's row is locked,
 * so two parallel creations for one member give one profile and one 409.
 */
export async function createTeacher(
  ctx: AppContext,
  input: CreateTeacherBody,
  actor: StaffActor,
): Promise<Teacher> {
  await requireSubjects(ctx, input.subjectIds);
  const now = ctx.clock.now();
  try {
    const sn = await ctx.db.transaction(async (tx) => {
      const member = await lockStaffMember(tx, input.staffId);
      if (!member) throw badRequest('teachersStaffUnknown');
      if (member.role !== 'teacher') throw badRequest('teachersStaffNotTeacher');
      if (await selectTeacherByStaffId(tx, member.id)) throw conflict('teachersStaffHasProfile');
      const row = await insertTeacher(tx, {
        teacher_sn: newPublicId('T'),
        staff_id: member.id,
        name_en: input.nameEn,
        name_zh: input.nameZh,
        photo: input.photo,
        subject_ids: input.subjectIds,
        time_zone: input.timeZone,
        availability: input.availability,
        created_at: now,
        updated_at: now,
      });
      await recordAudit(tx, {
        staffId: actor.staffId,
        ip: actor.ip,
        action: 'teacher.created',
        target: { type: 'teacher', id: row.teacher_sn },
        after: { staffId: member.id, ...auditFieldsOf(row) },
      });
      return row.teacher_sn;
    });
    return teacherOf(await requireTeacher(ctx, sn));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('teachersStaffHasProfile');
    throw error;
  }
}

/** Changes the fields given; the rest stays. Audited with the changed fields only. */
export async function updateTeacher(
  ctx: AppContext,
  teacherSn: string,
  input: UpdateTeacherBody,
  actor: StaffActor,
): Promise<TeacherDetail> {
  await requireSubjects(ctx, input.subjectIds);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await selectTeacherBySn(tx, teacherSn, true);
    if (!row) throw notFound();
    const next = {
      name_en: input.nameEn,
      name_zh: input.nameZh,
      photo: input.photo,
      subject_ids: input.subjectIds,
      time_zone: input.timeZone,
      availability: input.availability,
    };
    const updated = await updateTeacherRow(tx, row.id, { ...next, updated_at: now });
    const { before, after } = changedFields(auditFieldsOf(row), auditFieldsOf(updated));
    if (Object.keys(after).length === 0) return;
    await recordAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'teacher.updated',
      target: { type: 'teacher', id: row.teacher_sn },
      before,
      after,
    });
  });
  return getTeacher(ctx, teacherSn);
}

/**
 * A new photo from uploaded bytes: at most 1 MB, and a PNG, JPEG or WebP as the bytes themselves
 * say (the request's content type and file name are not trusted). Kept in the database; the
 * profile points at it (`upload:<id>`) and the teacher's earlier uploads are dropped.
 */
export async function uploadTeacherPhoto(
  ctx: AppContext,
  teacherSn: string,
  bytes: Buffer,
  actor: StaffActor,
): Promise<{ photoUrl: string }> {
  const teacher = await requireTeacher(ctx, teacherSn);
  if (bytes.length === 0) throw badRequest('teachersPhotoEmpty');
  if (bytes.length > TEACHER_PHOTO_MAX_BYTES) throw badRequest('teachersPhotoTooLarge');
  const sniffed = await fileTypeFromBuffer(bytes);
  const type = TEACHER_PHOTO_TYPES.find((allowed) => allowed === sniffed?.mime);
  if (!type) throw badRequest('teachersPhotoType');
  const now = ctx.clock.now();
  const photo = await ctx.db.transaction(async (tx) => {
    const row = await selectTeacherBySn(tx, teacherSn, true);
    if (!row) throw notFound();
    const id = await insertPhoto(tx, {
      teacher_id: row.id,
      content_type: type,
      bytes,
      created_at: now,
    });
    const value = `upload:${id}`;
    await updateTeacherRow(tx, row.id, { photo: value, updated_at: now });
    await deletePhotosExcept(tx, row.id, id);
    await recordAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'teacher.photo-uploaded',
      target: { type: 'teacher', id: teacher.teacher_sn },
      before: { photo: row.photo },
      after: { photo: value },
      detail: { contentType: type, bytes: bytes.length },
    });
    return value;
  });
  return { photoUrl: teacherPhotoUrl(photo) };
}

/** An uploaded photo's bytes and stored content type (the public photo route). */
export async function getTeacherPhoto(
  ctx: Ctx,
  id: number,
): Promise<{ contentType: string; bytes: Buffer }> {
  const photo = await selectPhoto(ctx.db, id);
  if (!photo) throw notFound();
  return photo;
}

/**
 * Time off as one date range (both ends included, in the teacher's zone). A range sharing a day
 * with one already entered is refused: one holiday is one entry.
 */
export async function addTimeOff(
  ctx: AppContext,
  teacherSn: string,
  input: TimeOffBody,
  actor: StaffActor,
): Promise<TimeOff> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    // The profile's lock queues parallel additions, so the overlap check sees the other's row.
    const teacher = await selectTeacherBySn(tx, teacherSn, true);
    if (!teacher) throw notFound();
    if (await hasOverlappingTimeOff(tx, teacher.id, input.startsOn, input.endsOn))
      throw conflict('teachersTimeOffOverlap');
    const added = await insertTimeOff(tx, {
      teacher_id: teacher.id,
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      note: input.note,
      created_by: actor.staffId,
      created_at: now,
    });
    await recordAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'teacher.time-off-added',
      target: { type: 'time-off', id: added.id },
      after: { teacherSn, startsOn: added.starts_on, endsOn: added.ends_on, note: added.note },
    });
    return added;
  });
  return timeOffOf(row);
}

export async function removeTimeOff(
  ctx: AppContext,
  teacherSn: string,
  timeOffId: number,
  actor: StaffActor,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const teacher = await selectTeacherBySn(tx, teacherSn, true);
    if (!teacher) throw notFound();
    const removed = await deleteTimeOff(tx, teacher.id, timeOffId);
    if (!removed) throw notFound();
    await recordAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'teacher.time-off-removed',
      target: { type: 'time-off', id: removed.id },
      before: {
        teacherSn,
        startsOn: removed.starts_on,
        endsOn: removed.ends_on,
        note: removed.note,
      },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Figures

/** Days the figures cover when no period is given: the last 30, today included. */
export const FIGURES_DEFAULT_DAYS = 30;

export interface TeacherFigures {
  from: string;
  to: string;
  taught: number;
  lateStarts: number;
  cancellations: number;
  coverGiven: number;
  cancellationsByReason: Record<string, number>;
  averageRating: number | null;
  ratings: number;
}

/** `YYYY-MM-DD` plus `days` (negative goes back). */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function dayStart(date: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return zonedTimeToUtc({ year, month, day, hour: 0, minute: 0 }, zone);
}

/**
 * A teacher's figures for the classes starting in a period of school days (SCHOOL_TIME_ZONE, both
 * ends included); the rules are in `TeacherFiguresSchema`. Counted per class, so a group class of
 * six children is one lesson taught.
 */
export async function getTeacherFigures(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  teacherSn: string,
  query: TeacherFiguresQuery,
): Promise<TeacherFigures> {
  const teacher = await requireTeacher(ctx, teacherSn);
  const now = ctx.clock.now();
  const zone = ctx.config.schoolTimeZone;
  const to =
    query.to ?? (query.from ? addDays(query.from, FIGURES_DEFAULT_DAYS - 1) : dayInZone(zone, now));
  const from = query.from ?? addDays(to, -(FIGURES_DEFAULT_DAYS - 1));
  if (from > to) throw badRequest('teachersFiguresRangeInvalid');
  const start = dayStart(from, zone);
  const end = dayStart(addDays(to, 1), zone);
  const classes = await selectFigureClasses(ctx.db, teacher.id, start, end);
  const figures: TeacherFigures = {
    from,
    to,
    taught: 0,
    lateStarts: 0,
    cancellations: 0,
    coverGiven: 0,
    cancellationsByReason: {},
    averageRating: null,
    ratings: 0,
  };
  for (const held of classes) {
    if (held.live === 0 && held.cancel_reason) {
      figures.cancellations += 1;
      figures.cancellationsByReason[held.cancel_reason] =
        (figures.cancellationsByReason[held.cancel_reason] ?? 0) + 1;
      continue;
    }
    const ended = held.ends_at.getTime() <= now.getTime();
    if (!ended || held.live === 0 || !held.teacher_entered_at) continue;
    figures.taught += 1;
    if (held.teacher_entered_at.getTime() > held.starts_at.getTime() + LATE_START_AFTER_MS)
      figures.lateStarts += 1;
    if (held.substitute) figures.coverGiven += 1;
  }
  const ratings = await selectRatings(ctx.db, teacher.id, start, end);
  figures.ratings = ratings.count;
  // Halves are stored (rating × 2); the average in stars, to two decimals.
  figures.averageRating =
    ratings.count === 0 ? null : Math.round((ratings.halves / 2 / ratings.count) * 100) / 100;
  return figures;
}

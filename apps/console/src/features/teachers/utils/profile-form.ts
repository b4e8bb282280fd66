import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateTeacherBodySchema,
  type TeacherDetail,
  type UpdateTeacherBodyInput,
} from '@portal/shared/staff';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';

/** The photo field's value for "keep the uploaded photo" (the profile's `upload:<id>`). */
export const UPLOADED_PHOTO = 'upload';

export interface AvailabilityRow {
  /** Sunday 0 … Saturday 6. */
  weekday: number;
  /** "HH:mm" in the teacher's zone. */
  start: string;
  end: string;
}

/** The profile form's values: the wire's fields; `staffId` only when creating. */
export interface ProfileValues {
  staffId?: number;
  nameEn: string;
  nameZh: string;
  /** A preset's key, or UPLOADED_PHOTO to keep the uploaded one. */
  photo: string;
  subjectIds: number[];
  timeZone: string;
  availability: AvailabilityRow[];
}

/** The edit form's rules: the route's own field rules; the photo is checked only when sent. */
export const EditProfileSchema = CreateTeacherBodySchema.pick({
  nameEn: true,
  nameZh: true,
  subjectIds: true,
  timeZone: true,
  availability: true,
}).extend({ photo: z.string() });

/**
 * A resolver of the profile forms from one of the shared schemas (errors are message keys, nested
 * as `availability.2.end`), with `extra` errors the schema cannot tell (a field left unchosen).
 */
export function profileResolver(
  schema: typeof CreateTeacherBodySchema | typeof EditProfileSchema,
  extra: (values: ProfileValues) => FieldErrors<ProfileValues> = () => ({}),
): Resolver<ProfileValues> {
  const resolve = zodResolver(schema) as unknown as Resolver<ProfileValues>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors = { ...result.errors, ...extra(values) };
    return Object.keys(errors).length ? { values: {}, errors } : result;
  };
}

/** The form's values of a saved profile. */
export function valuesOf(teacher: TeacherDetail): ProfileValues {
  return {
    nameEn: teacher.nameEn,
    nameZh: teacher.nameZh,
    photo: teacher.photo.startsWith('preset:') ? teacher.photo : UPLOADED_PHOTO,
    subjectIds: [...teacher.subjectIds],
    timeZone: teacher.timeZone,
    availability: teacher.availability.map(({ weekday, start, end }) => ({ weekday, start, end })),
  };
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ from the saved profile: only those are sent (and audited). */
export function profileChanges(
  teacher: TeacherDetail,
  values: ProfileValues,
): UpdateTeacherBodyInput {
  const changes: UpdateTeacherBodyInput = {};
  if (values.nameEn !== teacher.nameEn) changes.nameEn = values.nameEn;
  if (values.nameZh !== teacher.nameZh) changes.nameZh = values.nameZh;
  if (values.photo !== UPLOADED_PHOTO && values.photo !== teacher.photo)
    changes.photo = values.photo;
  if (!sameList([...values.subjectIds].sort(), [...teacher.subjectIds].sort()))
    changes.subjectIds = values.subjectIds;
  if (values.timeZone !== teacher.timeZone) changes.timeZone = values.timeZone;
  const availability = values.availability.map(({ weekday, start, end }) => ({
    weekday,
    start,
    end,
  }));
  if (!sameList(availability, valuesOf(teacher).availability)) changes.availability = availability;
  return changes;
}

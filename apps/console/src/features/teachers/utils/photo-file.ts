import {
  TEACHER_PHOTO_MAX_BYTES,
  TEACHER_PHOTO_TYPES,
  type TeacherPhotoType,
} from '@portal/shared/staff';

/**
 * Why a chosen file cannot be a teacher's photo, as a message key, before it is sent: the server
 * decides from the bytes; this spares sending a file whose type or size is plainly wrong.
 */
export function photoFileRefusal(
  file: { size: number; type: string } | null,
): 'teachersPhotoEmpty' | 'teachersPhotoTooLarge' | 'teachersPhotoType' | undefined {
  if (!file || file.size === 0) return 'teachersPhotoEmpty';
  if (!TEACHER_PHOTO_TYPES.includes(file.type as TeacherPhotoType)) return 'teachersPhotoType';
  if (file.size > TEACHER_PHOTO_MAX_BYTES) return 'teachersPhotoTooLarge';
  return undefined;
}

/** The `accept` of the file picker. */
export const PHOTO_ACCEPT = TEACHER_PHOTO_TYPES.join(',');

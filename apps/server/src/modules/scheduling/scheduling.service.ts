/**
 * The scheduling engine (docs/decisions/038 and 047): every write to the timetable and every
 * move of a lesson's credits. Both audiences drive it — the parents' leave through `lessons`, the
 * school's console (timetable, teaching), the demo data and the jobs directly — so each rule
 * lives here once. Functions take `now` from the caller: jobs pass their tick, requests their
 * clock. Write functions of the console run in one transaction (locks, ledger moves, the audit
 * entry with the actor) and tell the families after the commit (`notices`).
 *
 * This file is the module's one door; the code lives by area in the files re-exported below.
 */
export { lessonTiming, roomKeyOf, type StaffActor } from './rules';
export {
  generateLessons,
  nextSlotStarts,
  planLessons,
  settleEndedLessons,
  type PlannedLesson,
} from './generation.service';
export {
  cancelLesson,
  cancelLessonsOfChild,
  deletionImpactOfChild,
  recordEntry,
  type CalledOffBy,
  type CallOff,
  type CancelWhy,
} from './call-off.service';
export {
  endEnrollment,
  enrollChild,
  previewEndEnrollment,
  previewEnrollment,
  type Enrollment,
  type EnrollmentConflict,
  type EnrollmentInput,
  type EnrollmentPreview,
} from './enrollments.service';
export {
  assignSubstitute,
  cancelClass,
  coverCandidates,
  moveClass,
  moveFollowing,
} from './changes.service';
export {
  declareClosure,
  previewClosure,
  type ClosureInput,
  type ClosureRange,
} from './closures.service';
export { markAttendance, recordTeacherEntry, TEACHER_NOTE_MAX_LENGTH } from './attendance.service';
export { isAvailable, type ConflictKind } from './conflicts';

import type {
  CatalogueCourse,
  ClassRow,
  EnrollmentPreview,
  FamilyDetail,
  FamilySummary,
} from '@portal/shared/staff';

/** A course as GET /api/ops/catalogue/courses lists it (component tests). */
export function catalogueCourse(overrides: Partial<CatalogueCourse> = {}): CatalogueCourse {
  return {
    id: 7,
    subjectId: 1,
    levelId: 2,
    titleEn: 'Reading · Level 2',
    titleZh: '阅读 · 二级',
    classType: 'small_group',
    capacity: 6,
    enrolled: 2,
    creditsPerLesson: 1,
    durationMinutes: 25,
    totalLessons: 24,
    isPublic: true,
    timeZone: 'Asia/Shanghai',
    teacher: { id: 1, teacherSn: 'T1', nameEn: 'Emma Li', nameZh: '李老师' },
    slots: [
      { weekday: 2, time: '18:00' },
      { weekday: 4, time: '18:00' },
    ],
    retiredAt: null,
    createdAt: '2026-09-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The preview of three lessons a family can pay for only one of (component tests). */
export function enrollmentPreview(overrides: Partial<EnrollmentPreview> = {}): EnrollmentPreview {
  const lesson = (lessonNumber: number, localDate: string, startsAt: string) => ({
    lessonNumber,
    startsAt,
    endsAt: startsAt.replace('10:00', '10:25'),
    localDate,
    localTime: '18:00',
    credits: 1,
    teacherName: 'Emma Li',
  });
  return {
    lessons: [
      lesson(1, '2026-12-01', '2026-12-01T10:00:00.000Z'),
      lesson(2, '2026-12-03', '2026-12-03T10:00:00.000Z'),
      lesson(3, '2026-12-08', '2026-12-08T10:00:00.000Z'),
    ],
    creditsNeeded: 3,
    available: 1,
    coveredByPlan: false,
    shortBy: 2,
    full: false,
    retired: false,
    conflicts: [],
    parentTimeZone: 'Asia/Shanghai',
    ...overrides,
  };
}

/** A family as the families search lists it. */
export function familySummary(overrides: Partial<FamilySummary> = {}): FamilySummary {
  return {
    userSn: 'U100001',
    name: 'Li Na',
    email: 'li.na@example.com',
    phoneMasked: '+86 138****8000',
    registeredAt: '2026-10-02T08:30:00.000Z',
    onboarded: true,
    member: false,
    adviser: null,
    children: 2,
    availableCredits: 1,
    ...overrides,
  };
}

/** A family's page, for its children (the enrol dialog reads only those). */
export function familyDetail(): FamilyDetail {
  const { userSn, name, email, phoneMasked, registeredAt, onboarded } = familySummary();
  const child = (studentSn: string, nickname: string) => ({
    studentSn,
    nickname,
    birthday: null,
    age: null,
    avatar: null,
    avatarId: null,
  });
  return {
    parent: {
      userSn,
      name,
      email,
      phoneMasked,
      registeredAt,
      onboarded,
      language: 'zh_CN',
      timeZone: 'Asia/Shanghai',
      adviser: null,
      childLimit: 3,
      childLimitMax: 6,
    },
    children: [child('S1', 'Mia'), child('S2', 'Leo')],
    plan: null,
    credits: { paid: 3, reward: 0, reserved: 2, available: 1 },
    upcomingLessons: [],
    pastLessons: [],
    orders: [],
    sessions: [],
    messages: [],
    reminders: [],
  };
}

/** A group class of two children, tomorrow (component tests). */
export function classRow(overrides: Partial<ClassRow> = {}): ClassRow {
  const startsAt = new Date(Date.now() + 24 * 3_600_000);
  startsAt.setSeconds(0, 0);
  const child = (n: number, nickname: string) => ({
    lessonSn: `L${n}`,
    studentSn: `S${n}`,
    nickname,
    userSn: `U10000${n}`,
    status: 'upcoming' as const,
    attendance: null,
    entered: false,
    settled: false,
  });
  return {
    lessonSn: 'L1',
    courseId: 7,
    courseTitle: 'Reading · Level 2',
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 25 * 60_000).toISOString(),
    teacher: { teacherSn: 'T1', name: 'Emma Li' },
    substituteFor: null,
    children: [child(1, 'Mia'), child(2, 'Leo')],
    cancelled: false,
    cancelReason: null,
    ...overrides,
  };
}

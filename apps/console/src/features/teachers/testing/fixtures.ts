import type {
  CatalogueTree,
  StaffSummary,
  TeacherDetail,
  TeacherFigures,
  TeacherSummary,
} from '@portal/shared/staff';

/** A teacher as GET /api/ops/teachers lists it (component tests). */
export function teacherSummary(overrides: Partial<TeacherSummary> = {}): TeacherSummary {
  return {
    teacherSn: 'T100001',
    staffId: 3,
    email: 'teacher@example.com',
    nameEn: 'Tia Tan',
    nameZh: '谭老师',
    photo: 'preset:2',
    photoUrl: '/img/teachers/teacher-2.svg',
    subjectIds: [1, 2],
    timeZone: 'Asia/Shanghai',
    status: 'active',
    ...overrides,
  };
}

/** A teacher's page as GET /api/ops/teachers/:teacherSn answers. */
export function teacherDetail(overrides: Partial<TeacherDetail> = {}): TeacherDetail {
  return {
    ...teacherSummary(),
    availability: [
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 3, start: '14:00', end: '18:00' },
    ],
    timeOff: [{ id: 7, startsOn: '2027-02-06', endsOn: '2027-02-13', note: 'Spring Festival' }],
    ...overrides,
  };
}

export const PRESETS = {
  photos: Array.from({ length: 6 }, (_, index) => ({
    key: `preset:${index + 1}`,
    url: `/img/teachers/teacher-${index + 1}.svg`,
  })),
};

/** GET /api/ops/catalogue with two subjects (levels do not matter here). */
export const CATALOGUE: CatalogueTree = {
  subjects: [
    {
      id: 1,
      titleEn: 'Reading',
      titleZh: '阅读',
      descriptionEn: '',
      descriptionZh: '',
      img: '/img/subjects/reading.svg',
      sort: 1,
    },
    {
      id: 2,
      titleEn: 'Maths',
      titleZh: '数学',
      descriptionEn: '',
      descriptionZh: '',
      img: '/img/subjects/maths.svg',
      sort: 2,
    },
    {
      id: 3,
      titleEn: 'Science',
      titleZh: '科学',
      descriptionEn: '',
      descriptionZh: '',
      img: '/img/subjects/science.svg',
      sort: 3,
    },
  ],
  levelGroups: [],
  levels: [],
  subjectImages: [],
};

export const FIGURES: TeacherFigures = {
  from: '2026-10-26',
  to: '2026-11-24',
  taught: 42,
  lateStarts: 3,
  cancellations: 3,
  cancellationsByReason: { 'teacher-ill': 1, closure: 2 },
  coverGiven: 5,
  averageRating: 4.5,
  ratings: 8,
};

/** A staff member as GET /api/ops/staff lists them. */
export function staffMember(overrides: Partial<StaffSummary> = {}): StaffSummary {
  return {
    id: 3,
    email: 'teacher@example.com',
    name: 'Tia Tan',
    role: 'teacher',
    status: 'active',
    secondFactor: true,
    lastSignInAt: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

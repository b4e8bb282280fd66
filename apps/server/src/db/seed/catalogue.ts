import { courseSlots, courses, levelGroups, levels, subjects, topics } from '../schema';
import type { Transaction } from '../client';
import type { DemoTeacherKey } from './teachers';

type ClassType = 'one_on_one' | 'small_group' | 'group';

interface SubjectSeed {
  key: string;
  en: string;
  zh: string;
  descriptionEn: string;
  descriptionZh: string;
  groups: {
    en: string;
    zh: string;
    levels: { en: string; zh: string; ages: [number, number]; topics: [string, string][] }[];
  }[];
}

// Each level has its own topics, as a school's syllabus does: a level builds on the one before.
const READING_1: [string, string][] = [
  ['Phonics: short vowels', '自然拼读：短元音'],
  ['Letter sounds A to M', '字母发音 A 到 M'],
  ['Sight words', '高频词'],
  ['Story time: animals', '故事时间：动物'],
  ['Colours and shapes', '颜色与形状'],
  ['Asking questions', '学会提问'],
  ['Reading aloud', '朗读练习'],
  ['Review and play', '复习与游戏'],
];
const READING_2: [string, string][] = [
  ['Phonics: long vowels', '自然拼读：长元音'],
  ['Blends and digraphs', '辅音组合'],
  ['Story time: friends', '故事时间：朋友'],
  ['Retelling a story', '复述故事'],
  ['Describing pictures', '看图说话'],
  ['Rhyming words', '押韵词'],
  ['Reading with expression', '有感情地朗读'],
  ['Book club', '读书会'],
];
const READING_3: [string, string][] = [
  ['First chapter books', '章节书入门'],
  ['Finding the main idea', '找到中心思想'],
  ['Characters and feelings', '人物与情感'],
  ['Non-fiction: animals', '科普阅读：动物'],
  ['Making predictions', '预测情节'],
  ['Writing a short story', '写一个小故事'],
  ['Giving a short talk', '小小演讲'],
  ['Project day', '项目展示日'],
];
const MATH_1: [string, string][] = [
  ['Counting and patterns', '数数与规律'],
  ['Shapes around us', '身边的图形'],
  ['Adding with pictures', '看图学加法'],
  ['Comparing numbers', '比较大小'],
  ['Measuring length', '测量长度'],
  ['Logic puzzles', '逻辑谜题'],
  ['Telling time', '认识时间'],
  ['Challenge day', '挑战日'],
];
const MATH_2: [string, string][] = [
  ['Place value', '数位与计数单位'],
  ['Adding and subtracting to 100', '100 以内加减法'],
  ['Times tables', '乘法口诀'],
  ['Fractions with pizza', '用披萨学分数'],
  ['Money and change', '认识货币与找零'],
  ['Bar charts', '条形统计图'],
  ['Perimeter', '周长'],
  ['Logic challenge', '逻辑挑战'],
];
const CHINESE_1: [string, string][] = [
  ['Pinyin tones', '拼音声调'],
  ['Characters: people', '汉字：人物'],
  ['Songs and rhymes', '儿歌童谣'],
  ['Family words', '家庭称呼'],
  ['Festival stories', '节日故事'],
  ['Writing strokes', '笔画书写'],
  ['Short dialogues', '情景对话'],
  ['Show and tell', '展示与分享'],
];
const CHINESE_2: [string, string][] = [
  ['Characters: nature', '汉字：自然'],
  ['Radicals', '偏旁部首'],
  ['Idiom stories', '成语故事'],
  ['Tang poems for children', '儿童唐诗'],
  ['Shopping dialogues', '购物对话'],
  ['The Chinese zodiac', '十二生肖'],
  ['Writing a diary', '写日记'],
  ['Picture book club', '绘本共读'],
];
const SCIENCE_1: [string, string][] = [
  ['Why is the sky blue?', '天空为什么是蓝色的？'],
  ['Plants and seeds', '植物与种子'],
  ['Magnets', '神奇的磁铁'],
  ['Water cycle', '水的循环'],
  ['Animal homes', '动物的家'],
  ['Light and shadow', '光与影'],
  ['Simple machines', '简单机械'],
  ['Mini experiments', '小实验'],
];

const SUBJECTS: SubjectSeed[] = [
  {
    key: 'reading',
    en: 'English Reading',
    zh: '英语阅读',
    descriptionEn: 'Phonics, stories and conversation with native-speaking teachers.',
    descriptionZh: '外教带领的自然拼读、故事阅读与口语对话。',
    groups: [
      {
        en: 'Starter',
        zh: '启蒙',
        levels: [
          { en: 'Level 1', zh: '一级', ages: [4, 6], topics: READING_1 },
          { en: 'Level 2', zh: '二级', ages: [5, 7], topics: READING_2 },
        ],
      },
      {
        en: 'Explorer',
        zh: '进阶',
        levels: [{ en: 'Level 3', zh: '三级', ages: [7, 9], topics: READING_3 }],
      },
    ],
  },
  {
    key: 'math',
    en: 'Math Thinking',
    zh: '数学思维',
    descriptionEn: 'Number sense, shapes and logic through games and puzzles.',
    descriptionZh: '通过游戏和谜题培养数感、图形与逻辑思维。',
    groups: [
      {
        en: 'Foundation',
        zh: '基础',
        levels: [{ en: 'Level 1', zh: '一级', ages: [5, 7], topics: MATH_1 }],
      },
      {
        en: 'Advanced',
        zh: '提高',
        levels: [{ en: 'Level 2', zh: '二级', ages: [7, 10], topics: MATH_2 }],
      },
    ],
  },
  {
    key: 'chinese',
    en: 'Chinese',
    zh: '中文',
    descriptionEn: 'Pinyin, characters and stories for children growing up abroad.',
    descriptionZh: '为海外成长的孩子准备的拼音、汉字与故事课程。',
    groups: [
      {
        en: 'Beginner',
        zh: '入门',
        levels: [
          { en: 'Level 1', zh: '一级', ages: [4, 7], topics: CHINESE_1 },
          { en: 'Level 2', zh: '二级', ages: [6, 9], topics: CHINESE_2 },
        ],
      },
    ],
  },
  {
    key: 'science',
    en: 'Science',
    zh: '科学探索',
    descriptionEn: 'Hands-on experiments that answer children’s big questions.',
    descriptionZh: '动手做实验，回答孩子心中的大问题。',
    groups: [
      {
        en: 'Curious minds',
        zh: '好奇宝宝',
        levels: [{ en: 'Level 1', zh: '一级', ages: [6, 9], topics: SCIENCE_1 }],
      },
    ],
  },
];

/** Courses of the public schedule: subject, level index within it, class type, slots. */
const COURSES: {
  subject: string;
  level: number;
  type: ClassType;
  credit: number;
  zone: string;
  slots: [number, string][];
  /** Who teaches it (seed/teachers.ts); no teacher has two of these courses at one time. */
  teacher: DemoTeacherKey;
}[] = [
  {
    teacher: 'emma',
    subject: 'reading',
    level: 0,
    type: 'small_group',
    credit: 1,
    zone: 'Asia/Shanghai',
    slots: [
      [1, '18:00'],
      [3, '18:00'],
    ],
  },
  {
    teacher: 'emma',
    subject: 'reading',
    level: 0,
    type: 'one_on_one',
    credit: 2,
    zone: 'Asia/Shanghai',
    slots: [[6, '10:00']],
  },
  {
    teacher: 'emma',
    subject: 'reading',
    level: 1,
    type: 'small_group',
    credit: 1,
    zone: 'Asia/Shanghai',
    slots: [
      [2, '19:00'],
      [4, '19:00'],
    ],
  },
  {
    teacher: 'emma',
    subject: 'reading',
    level: 1,
    type: 'group',
    credit: 1,
    zone: 'America/New_York',
    slots: [
      [6, '19:00'],
      [0, '19:00'],
      [3, '20:00'],
    ],
  },
  {
    teacher: 'emma',
    subject: 'reading',
    level: 2,
    type: 'small_group',
    credit: 1,
    zone: 'Asia/Shanghai',
    slots: [[5, '19:30']],
  },
  {
    teacher: 'lin',
    subject: 'math',
    level: 0,
    type: 'small_group',
    credit: 1,
    zone: 'Asia/Shanghai',
    slots: [
      [1, '19:00'],
      [4, '19:00'],
    ],
  },
  {
    teacher: 'emma',
    subject: 'math',
    level: 0,
    type: 'one_on_one',
    credit: 2,
    zone: 'Asia/Shanghai',
    slots: [[0, '09:30']],
  },
  {
    teacher: 'lin',
    subject: 'math',
    level: 1,
    type: 'group',
    credit: 1,
    zone: 'Asia/Shanghai',
    slots: [
      [2, '18:30'],
      [5, '18:30'],
      [6, '15:00'],
    ],
  },
  {
    teacher: 'lin',
    subject: 'math',
    level: 1,
    type: 'small_group',
    credit: 1,
    zone: 'Europe/London',
    slots: [[6, '09:00']],
  },
  {
    teacher: 'lin',
    subject: 'chinese',
    level: 0,
    type: 'small_group',
    credit: 1,
    zone: 'America/Los_Angeles',
    slots: [
      [6, '17:00'],
      [0, '17:00'],
    ],
  },
  {
    teacher: 'lin',
    subject: 'chinese',
    level: 0,
    type: 'one_on_one',
    credit: 2,
    zone: 'Asia/Shanghai',
    slots: [[3, '17:30']],
  },
  {
    teacher: 'chen',
    subject: 'chinese',
    level: 1,
    type: 'group',
    credit: 1,
    zone: 'Asia/Shanghai',
    slots: [
      [1, '17:00'],
      [3, '17:00'],
      [5, '17:00'],
    ],
  },
  {
    teacher: 'lin',
    subject: 'chinese',
    level: 1,
    type: 'small_group',
    credit: 1,
    zone: 'Australia/Sydney',
    slots: [[2, '16:30']],
  },
  {
    teacher: 'emma',
    subject: 'science',
    level: 0,
    type: 'small_group',
    credit: 1,
    zone: 'Asia/Shanghai',
    slots: [
      [6, '14:00'],
      [0, '14:00'],
    ],
  },
  {
    teacher: 'emma',
    subject: 'science',
    level: 0,
    type: 'group',
    credit: 1,
    zone: 'Asia/Shanghai',
    slots: [[4, '18:00']],
  },
  {
    teacher: 'emma',
    subject: 'science',
    level: 0,
    type: 'one_on_one',
    credit: 2,
    zone: 'America/New_York',
    slots: [
      [2, '18:00'],
      [4, '18:00'],
    ],
  },
];

/** Ids the lessons demo data builds on (docs/product.md → Demo data). */
export const DEMO_COURSE_KEYS = {
  readingSmallGroup: 0,
  mathSmallGroup: 5,
  scienceWeekend: 13,
} as const;

/** What the catalogue's seed made: subject ids by key, and each course with its teacher's key. */
export interface SeededCatalogue {
  subjectIds: Map<string, number>;
  courses: { id: number; teacher: DemoTeacherKey }[];
}

/** Places per class type in the demo courses: the usual sizes migration 0013 gave old courses. */
export const DEMO_CAPACITY = { one_on_one: 1, small_group: 6, group: 20 } as const;

/** Subjects, levels, topics and the public timetable, in both languages. */
export async function seedCatalogue(tx: Transaction, now: Date): Promise<SeededCatalogue> {
  const levelIds = new Map<string, number[]>();
  const subjectIds = new Map<string, number>();
  for (const [sort, subject] of SUBJECTS.entries()) {
    const [row] = await tx
      .insert(subjects)
      .values({
        title_en: subject.en,
        title_zh: subject.zh,
        description_en: subject.descriptionEn,
        description_zh: subject.descriptionZh,
        img: `/img/subjects/${subject.key}.svg`,
        sort,
        created_at: now,
        updated_at: now,
      })
      .returning();
    subjectIds.set(subject.key, row!.id);
    const ids: number[] = [];
    for (const [groupSort, group] of subject.groups.entries()) {
      const [groupRow] = await tx
        .insert(levelGroups)
        .values({ subject_id: row!.id, title_en: group.en, title_zh: group.zh, sort: groupSort })
        .returning();
      for (const level of group.levels) {
        const [levelRow] = await tx
          .insert(levels)
          .values({
            subject_id: row!.id,
            level_group_id: groupRow!.id,
            title_en: level.en,
            title_zh: level.zh,
            age_range_start: level.ages[0],
            age_range_end: level.ages[1],
            description_en: `${subject.en} ${level.en}: for ages ${level.ages[0]}–${level.ages[1]}.`,
            description_zh: `${subject.zh}${level.zh}：适合 ${level.ages[0]}–${level.ages[1]} 岁。`,
            sort: ids.length,
          })
          .returning();
        ids.push(levelRow!.id);
        await tx.insert(topics).values(
          level.topics.map(([en, zh], position) => ({
            level_id: levelRow!.id,
            position: position + 1,
            title_en: en,
            title_zh: zh,
          })),
        );
      }
    }
    levelIds.set(subject.key, ids);
  }

  const seeded: SeededCatalogue['courses'] = [];
  for (const course of COURSES) {
    const [row] = await tx
      .insert(courses)
      .values({
        subject_id: subjectIds.get(course.subject)!,
        level_id: levelIds.get(course.subject)![course.level]!,
        class_type: course.type,
        capacity: DEMO_CAPACITY[course.type],
        required_credit: course.credit,
        duration_minutes: course.type === 'one_on_one' ? 25 : 45,
        total_lessons: 48,
        time_zone: course.zone,
        created_at: now,
        updated_at: now,
      })
      .returning();
    seeded.push({ id: row!.id, teacher: course.teacher });
    await tx
      .insert(courseSlots)
      .values(
        course.slots.map(([weekday, start_time]) => ({ course_id: row!.id, weekday, start_time })),
      );
  }
  return { subjectIds, courses: seeded };
}

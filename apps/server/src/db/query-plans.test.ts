import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/app';
import {
  createChild,
  createCourse,
  createEnrollment,
  grantCredits,
} from '../../test/factories/lessons';
import { createSignedInParent } from '../../test/factories/parents';

/**
 * Issue #8: the hot queries must find their rows through an index, not by reading whole tables.
 * The statements are the ones the real routes issue (captured at the driver while the routes
 * answer), planned by EXPLAIN on tables of a few thousand rows after ANALYZE. Not timed.
 */
const BIG_TABLES = ['lessons', 'credit_ledger', 'orders', 'sessions'];
const OTHER_PARENTS = 300;

interface Statement {
  text: string;
  params: unknown[];
}
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
type QueryFn = (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

let t: TestApp;
let headers: Record<string, string>;
let studentSn: string;
let client: { query: QueryFn };

beforeAll(async () => {
  t = await buildTestApp();
  const { ctx } = t;
  const signedIn = await createSignedInParent(ctx);
  headers = signedIn.headers;
  const parentId = signedIn.parent.id;
  const child = await createChild(ctx, parentId);
  studentSn = child.student_sn;
  const course = await createCourse(ctx, {
    slots: [
      [1, '17:00'],
      [4, '17:00'],
    ],
  });
  await grantCredits(ctx, parentId, { paid: 100 });
  // Lessons from 4 weeks back to 4 weeks ahead: completed and upcoming ones.
  await createEnrollment(ctx, {
    parentId,
    studentId: child.id,
    courseId: course.id,
    startsAt: new Date(ctx.clock.now().getTime() - 28 * 24 * 3600_000),
  });

  // Other parents' rows, set-based: > 1 000 rows in each big table.
  const now = ctx.clock.now().toISOString();
  const statements = [
    sql`insert into parents (user_sn, country_code, mobile, status)
        select 'QP' || g, '1', '3' || lpad(g::text, 9, '0'), 1
        from generate_series(1, ${OTHER_PARENTS}) g`,
    sql`insert into students (student_sn, parent_id, nickname, birth_date, avatar_id)
        select 'QS' || p.id, p.id, 'Kid', '2018-01-01', ${child.avatar_id}
        from parents p where p.user_sn like 'QP%'`,
    sql`insert into enrollments (enrollment_sn, parent_id, student_id, course_id, starts_at)
        select 'QE' || s.id, s.parent_id, s.id, ${course.id}, ${now}::timestamptz
        from students s where s.student_sn like 'QS%'`,
    sql`insert into lessons (lesson_sn, enrollment_id, parent_id, student_id, course_id,
                             lesson_number, starts_at, ends_at, required_credit, room_key)
        select 'QL' || e.id || '_' || n, e.id, e.parent_id, e.student_id, e.course_id, n,
               ${now}::timestamptz + make_interval(days => 7 * (n - 6)),
               ${now}::timestamptz + make_interval(days => 7 * (n - 6), mins => 25), 1, md5(n::text)
        from enrollments e cross join generate_series(1, 10) n
        where e.enrollment_sn like 'QE%'`,
    sql`insert into credit_ledger (parent_id, event, paid_delta, title_en, title_zh,
                                   idempotency_key, created_at)
        select p.id, 'purchase', 10, 'Credits', '课时', 'q:' || p.id || ':' || n,
               ${now}::timestamptz - make_interval(days => n)
        from parents p cross join generate_series(1, 10) n where p.user_sn like 'QP%'`,
    sql`insert into orders (order_no, parent_id, kind, item_id, title_en, title_zh, amount_minor,
                            currency, provider, status)
        select 'QO' || p.id || '_' || n, p.id, 'package', 1, 'Package', '套餐', 18900, 'USD',
               'local', case when n % 2 = 0 then 'paid' else 'cancelled' end
        from parents p cross join generate_series(1, 5) n where p.user_sn like 'QP%'`,
    sql`insert into sessions (parent_id, token_hash, expires_at)
        select p.id, md5(p.id || ':' || n), ${now}::timestamptz + interval '30 days'
        from parents p cross join generate_series(1, 5) n where p.user_sn like 'QP%'`,
    sql`analyze`,
  ];
  for (const statement of statements) await ctx.db.execute(statement);
  client = (ctx.db as unknown as { $client: { query: QueryFn } }).$client;
});

afterAll(async () => {
  await t?.close();
});

/** Every statement the driver receives while `action` runs. */
async function captureStatements(action: () => Promise<void>): Promise<Statement[]> {
  const original = client.query;
  const captured: Statement[] = [];
  client.query = (query: unknown, params?: unknown, ...rest: unknown[]) => {
    // pg receives a query config ({ text, … }), PGlite the text.
    const text = typeof query === 'string' ? query : (query as { text: string }).text;
    captured.push({ text, params: (params as unknown[] | undefined) ?? [] });
    return original.call(client, query, params, ...rest);
  };
  try {
    await action();
  } finally {
    client.query = original;
  }
  return captured;
}

/** Sequential scans of the big tables anywhere in a statement's plan. */
async function seqScansOf(statement: Statement): Promise<string[]> {
  const { rows } = await client.query(`explain (format json) ${statement.text}`, statement.params);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const found: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan' && BIG_TABLES.includes(node['Relation Name'] ?? ''))
      found.push(node['Relation Name']!);
    node.Plans?.forEach(walk);
  };
  walk(plan[0]!.Plan);
  return found;
}

describe('query plans of the hot routes', () => {
  const routes = [
    ['upcoming lessons of a parent', () => '/api/userSchedukeForStudentSeven?pagesize=30&page=1'],
    [
      'upcoming lessons of a child',
      () => `/api/userSchedukeForStudentSeven?pagesize=30&page=1&student_sn=${studentSn}`,
    ],
    ['completed lessons', () => '/api/getCompletedLessonPCSeven?pagesize=10&page=1'],
    ['credit log page', () => '/api/account-logs/creditPC?pagesize=10&page=1'],
    ['charges page', () => '/api/getChargesList?pagesize=10&page=1'],
  ] as const;

  it.each(routes)(
    '%s: no sequential scan of lessons, ledger, orders or sessions',
    async (_, url) => {
      const statements = await captureStatements(async () => {
        const res = await t.app.inject({ method: 'GET', url: url(), headers });
        expect(res.statusCode).toBe(200);
      });
      const selects = statements.filter((s) => /^\s*select/i.test(s.text));
      // The session lookup by token hash is the first statement of every private route.
      expect(selects[0]?.text).toMatch(/from "sessions" where \("sessions"\."token_hash" = \$1/);
      expect(selects.some((s) => BIG_TABLES.some((table) => s.text.includes(`"${table}"`)))).toBe(
        true,
      );
      for (const statement of selects) {
        expect({ sql: statement.text, seqScans: await seqScansOf(statement) }).toEqual({
          sql: statement.text,
          seqScans: [],
        });
      }
    },
  );
});

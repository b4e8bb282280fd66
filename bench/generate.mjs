// Fills a database with bulk data for the growth benchmark: the demo data (so the demo parent
// and the catalogue exist), then 10 k parents, 20 k children, one enrollment per child, N lessons
// spread over those enrollments (weekly, the last 4 of each enrollment upcoming) and a ledger row
// per lesson plus a purchase per parent, a session per parent and one staff admin's session
// (the console's dashboard). Everything is set-based SQL with generate_series — no row-by-row
// inserts — followed by ANALYZE.
//
//   tsx bench/generate.mjs --lessons 1000000 --database-url postgres://…/portal_bench_x
//   tsx bench/generate.mjs --lessons 10000 --data-dir /tmp/some-pglite-dir
import { prepareDatabase } from '../apps/server/src/boot';
import { loadConfig } from '../apps/server/src/config';
import { log, parseArgs } from './lib/common.mjs';

export const BULK = { parents: 10_000, childrenPerParent: 2 };
/** Bulk parent n (1-based) is signed in with the bearer token `<prefix><n>`. */
export const BULK_TOKEN_PREFIX = 'bench-session-token-';
/** A staff admin with a live session under this bearer token (the console's routes). */
export const BENCH_STAFF_TOKEN = 'bench-staff-admin-session-token-0000000000';

/**
 * The bulk statements, in order. `$lessons` is the lesson count; ids of the bulk rows come from
 * the sequences, so the script works on top of any demo data.
 * @param {number} lessons
 */
export function bulkStatements(lessons) {
  const children = BULK.parents * BULK.childrenPerParent;
  // Lessons per enrollment (the last ones of the series can be short).
  const perEnrollment = Math.max(1, Math.ceil(lessons / children));
  return [
    `create temporary table bench_now as select date_trunc('minute', now()) as at`,
    `insert into parents (user_sn, country_code, mobile, status, name, time_zone)
       select 'BP' || g, '1', '2' || lpad(g::text, 9, '0'), 1, 'Bench parent ' || g, 'UTC'
       from generate_series(1, ${BULK.parents}) g`,
    `create temporary table bench_parents as
       select id, row_number() over (order by id) as n from parents where user_sn like 'BP%'`,
    `insert into students (student_sn, parent_id, nickname, birth_date, avatar_id)
       select 'BS' || p.n || '_' || c, p.id, 'Kid ' || c, date '2018-01-01' + (p.n % 700)::int,
              (select min(id) from avatars)
       from bench_parents p cross join generate_series(1, ${BULK.childrenPerParent}) c`,
    `create temporary table bench_courses as
       select id, row_number() over (order by id) - 1 as k, count(*) over () as total from courses`,
    `insert into enrollments (enrollment_sn, parent_id, student_id, course_id, starts_at)
       select 'BE' || s.id, s.parent_id, s.id, c.id, (select at from bench_now) - interval '1 year'
       from students s
       join bench_courses c on c.k = s.id % c.total
       where s.student_sn like 'BS%'`,
    `create temporary table bench_enrollments as
       select e.id, e.parent_id, e.student_id, e.course_id,
              row_number() over (order by e.id) - 1 as k, co.duration_minutes, co.required_credit
       from enrollments e join courses co on co.id = e.course_id
       where e.enrollment_sn like 'BE%'`,
    // Lesson g goes to enrollment g mod children, as its number g / children + 1: weekly, the
    // last 4 of a full series still to come, at an hour that differs per enrollment.
    `insert into lessons (lesson_sn, enrollment_id, parent_id, student_id, course_id, lesson_number,
                          starts_at, ends_at, required_credit, room_key, entered_at, settled_at)
       select 'BL' || g, e.id, e.parent_id, e.student_id, e.course_id, x.number,
              x.starts_at, x.starts_at + make_interval(mins => e.duration_minutes),
              e.required_credit, md5(g::text),
              case when x.starts_at < n.at and g % 5 <> 0 then x.starts_at end,
              case when x.starts_at < n.at then x.starts_at + interval '1 hour' end
       from generate_series(0, ${lessons - 1}) g
       cross join bench_now n
       join bench_enrollments e on e.k = g % ${children}
       cross join lateral (
         select g / ${children} + 1 as number,
                n.at + make_interval(days => 7 * (g / ${children} - ${perEnrollment} + 4),
                                     hours => (e.k % 160)::int) as starts_at
       ) x`,
    `insert into credit_ledger (parent_id, event, paid_delta, title_en, title_zh, idempotency_key,
                                created_at)
       select p.id, 'purchase', 1000, 'Purchased 1000 credits', '购买 1000 课时', 'bench:buy:' || p.id,
              (select at from bench_now) - interval '2 years'
       from bench_parents p`,
    `insert into credit_ledger (parent_id, event, paid_delta, reserved_delta, title_en, title_zh,
                                idempotency_key, created_at)
       select l.parent_id,
              case when l.settled_at is null then 'reserve' else 'consume' end,
              case when l.settled_at is null then 0 else -l.required_credit end,
              case when l.settled_at is null then l.required_credit else 0 end,
              'Lesson', '课程', 'bench:lesson:' || l.id,
              -- A hold is written when the lesson is scheduled, 4 weeks ahead (LESSON_WEEKS_AHEAD).
              coalesce(l.settled_at, least(l.created_at, l.starts_at - interval '28 days'))
       from lessons l where l.lesson_sn like 'BL%'`,
    `insert into sessions (parent_id, token_hash, expires_at)
       select p.id, encode(sha256(convert_to('${BULK_TOKEN_PREFIX}' || p.n, 'UTF8')), 'hex'),
              (select at from bench_now) + interval '30 days'
       from bench_parents p`,
    `insert into staff (email, name, role, status)
       values ('bench-admin@bench.test', 'Bench admin', 'admin', 'active')`,
    `insert into staff_sessions (staff_id, token_hash, expires_at)
       select id, encode(sha256(convert_to('${BENCH_STAFF_TOKEN}', 'UTF8')), 'hex'),
              (select at from bench_now) + interval '30 days'
       from staff where email = 'bench-admin@bench.test'`,
    `analyze`,
  ];
}

/**
 * Indexes the console's dashboard needs at scale (decision 045) that no migration creates yet:
 * `--dashboard-indexes` adds them after the bulk data, so a run can show the figures with them.
 * Once a migration holds them, `create index if not exists` finds them there.
 */
export const DASHBOARD_INDEXES = [
  `create index if not exists lessons_starts_idx on lessons (starts_at)`,
  `create index if not exists credit_ledger_created_idx on credit_ledger (created_at)`,
  `create index if not exists parents_created_idx on parents (created_at)`,
  `create index if not exists orders_paid_idx on orders (paid_at) where status = 'paid'`,
  `create index if not exists memberships_live_idx on memberships (ends_at)
     where cancelled_at is null`,
  `analyze`,
];

/**
 * Runs the generator on the configured database (env as the server reads it).
 * @param {{ lessons: number, env: Record<string, string>, extra?: string[] }} options
 * @returns {Promise<{ seconds: number, counts: Record<string, number> }>}
 */
export async function generate(options) {
  const started = performance.now();
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DEMO_DATA: 'true',
    ...options.env,
  });
  const database = await prepareDatabase(config);
  // One connection throughout: the temporary tables live in the session that made them.
  const driver = /** @type {any} */ (database.db).$client;
  /** @type {{ query: (text: string) => Promise<{ rows: any[] }>, release?: () => void }} */
  const client = database.kind === 'postgres' ? await driver.connect() : driver;
  try {
    for (const statement of [...bulkStatements(options.lessons), ...(options.extra ?? [])]) {
      const t = performance.now();
      await client.query(statement);
      log(
        `  ${statement.trim().split(/\s+/).slice(0, 3).join(' ')}… ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    /** @type {Record<string, number>} */
    const counts = {};
    for (const table of ['parents', 'students', 'lessons', 'credit_ledger', 'sessions']) {
      const { rows } = await client.query(`select count(*)::int as n from ${table}`);
      counts[table] = rows[0].n;
    }
    return { seconds: (performance.now() - started) / 1000, counts };
  } finally {
    client.release?.();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs(process.argv.slice(2));
  const env = args['database-url']
    ? { DATABASE_URL: String(args['database-url']) }
    : { DATABASE_URL: '', DATA_DIR: String(args['data-dir'] ?? './data-bench') };
  const result = await generate({ lessons: Number(args.lessons ?? 10_000), env });
  log(`generated in ${result.seconds.toFixed(1)} s: ${JSON.stringify(result.counts)}`);
}

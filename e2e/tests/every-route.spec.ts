import type { Page } from '@playwright/test';
import { createLessons, createParent, type E2eParent } from '../fixtures/parents';
import { expect, test, useLanguage, type Language } from '../fixtures/test';

/**
 * Issue #19's checks, over every route of the router: each page settles (content, an empty state
 * or an error — no skeleton or spinner left), nothing is wider than a 390 px phone, no text is
 * clipped inside its button or badge, and a Chinese page holds no English word and no raw
 * translation key. Signed in and out, with and without the route's query parameters.
 */
const ROUTES: string[] = [
  '/',
  '/loginPassword',
  '/emailFindPsw',
  '/reset-password',
  '/reset-password?token=not-a-real-token',
  '/resetPassword?type=0',
  '/resetPassword?type=1',
  '/email',
  '/sinadd',
  '/addChild',
  '/add',
  '/add?student_sn=S-not-mine',
  '/add?edit=%7B%22student_sn%22%3A%22S-x%22%7D',
  '/allChild',
  '/home/children/AttendClassNow',
  '/home/children/ClassEnrolled',
  '/home/children/ViewCompletedLessons',
  '/home/children/ScheduleaClass',
  '/home/children/PurchaseLessonPlan',
  '/home/children/PurchaseLessonPlan?kids=2',
  '/home/children/addChildren',
  '/home/children/information',
  '/home/children/Transaction',
  '/home/children/MonthlyPassUser',
  '/home/children/ChangePlan',
  '/home/children/ChangePlan?plan_id=1',
  '/home/children/ChangePlan?plan_id=999999',
  '/home/children/MonthyuStatement',
  '/home/children/MonthyuStatement?month=2026-11',
  '/home/children/CompletePayment',
  '/home/children/CompletePayment?order_no=O-not-mine',
  '/index',
  '/payHistory',
  '/recharge',
  '/payList',
  '/toPay',
  '/toPay?order_no=O-not-mine',
  '/paySuccess',
  '/paySuccess?order_no=O-not-mine',
  '/payError',
  '/payError?order_no=O-not-mine',
  '/checkout/local',
  '/checkout/local?session=cs_not_real',
  '/download',
  '/curriculum',
  '/schedules_pc',
  '/schedules_app',
  '/shareRegister',
  '/shareRegister?invite_code=NOPE',
  '/salecard',
  '/newUser',
  '/newUser?country_code=86&phone=13700137000',
  '/nuinfo',
  '/service',
  '/police',
  '/contract',
  '/no-such-page',
];

/** Latin words a Chinese page may show: brands, currency codes, product names of others. */
const LATIN_ALLOWED = new Set([
  'USD',
  'CNY',
  'EUR',
  'GBP',
  'App',
  'Store',
  'Google',
  'Play',
  'Apple',
  // Calendar apps the calendar feed works with (profile, issue #24).
  'Outlook',
  'WeChat',
  'Jitsi',
  'Stripe',
  'Visa',
  'PDF',
  'ID',
  'iOS',
  'Android',
  // The language switch names English in English, as every bilingual site does.
  'English',
  'UTC',
  'GMT',
  // Children the fixture creates: the parent's own words.
  'Mia',
  'Leo',
]);

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

interface PageFindings {
  busy: string[];
  overflow: string | null;
  clipped: string[];
  latin: string[];
}

/** What is wrong on the page now (empty lists when nothing). */
async function inspect(page: Page, language: Language): Promise<PageFindings> {
  return page.evaluate((lang) => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const busy = Array.from(
      document.querySelectorAll('.mantine-Skeleton-root, .mantine-Loader-root, [aria-busy="true"]'),
    )
      .filter(visible)
      .map((element) => element.className.toString().slice(0, 60));
    const width = document.documentElement.scrollWidth;
    const overflow = width > window.innerWidth ? `${width} > ${window.innerWidth}` : null;
    const clipped = Array.from(document.querySelectorAll('button, a, .mantine-Badge-root'))
      .filter(visible)
      .filter((element) => {
        const el = element as HTMLElement;
        // An element that scrolls its content on purpose is not clipping it.
        const style = getComputedStyle(el);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return false;
        return el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0;
      })
      .map((element) => (element as HTMLElement).innerText.trim().slice(0, 40));
    let latin: string[] = [];
    if (lang === 'zh_CN') {
      const texts = [
        document.body.innerText,
        ...Array.from(document.querySelectorAll('input, textarea')).map(
          (input) => (input as HTMLInputElement).placeholder,
        ),
        ...Array.from(document.querySelectorAll('[aria-label]')).map(
          (element) => element.getAttribute('aria-label') ?? '',
        ),
      ].join('\n');
      const withoutAddresses = texts
        .replace(/[\w.+-]+@[\w.-]+\.\w+/g, ' ')
        .replace(/https?:\/\/\S+/g, ' ')
        // IANA zone names are identifiers, shown as they are ("Asia/Shanghai").
        .replace(/\b[A-Z][a-z][A-Za-z_]*(\/[A-Z][A-Za-z_+-]*)+/g, ' ')
        .replace(/\b[A-Z]\d{6,}[A-Z0-9]*\b/g, ' ');
      latin = [...new Set(withoutAddresses.match(/[A-Za-z][A-Za-z_.]+/g) ?? [])];
    }
    return { busy, overflow, clipped, latin };
  }, language);
}

/**
 * Opens a route. A signed-out visit to a private route may be sent on to `/` before the first
 * load ends; that redirect is an answer the walk then inspects, not a failure.
 */
async function open(page: Page, route: string) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await page.goto(route);
      return;
    } catch (error) {
      const text = String(error);
      // Sent on to `/` by this route: inspect where it landed.
      if (/interrupted by another navigation/.test(text)) return page.waitForLoadState('load');
      // The previous route's redirect to `/` landed on top of this visit: visit it again.
      if (attempt >= 3 || !/ERR_ABORTED/.test(text)) throw error;
      await page.waitForLoadState('load');
    }
  }
}

/** `inspect` once the page stopped navigating (a signed-out private route redirects to `/`). */
async function settled(page: Page, language: Language): Promise<PageFindings> {
  for (let attempt = 0; ; attempt += 1) {
    await page.waitForLoadState('load');
    try {
      return await inspect(page, language);
    } catch (error) {
      if (attempt >= 20 || !/context was destroyed|navigation/i.test(String(error))) throw error;
      // A redirect is under way (a signed-out private route goes to `/` once its call answers
      // 401): give it a moment to commit before waiting for its load.
      await page.waitForTimeout(250);
    }
  }
}

async function signIn(page: Page, parent: E2eParent, language: Language) {
  const response = await page.request.post('/api/login', {
    data: {
      country_code: parent.country_code,
      mobile: parent.mobile,
      password: parent.password,
    },
    headers: { lang: language },
  });
  const { data } = (await response.json()) as { data: { token: string; status: number } };
  await page.addInitScript((session) => {
    window.localStorage.setItem('token', session.token);
    window.localStorage.setItem(
      'userinfo',
      JSON.stringify({ token: session.token, status: session.status }),
    );
  }, data);
}

for (const signedIn of [false, true])
  for (const language of ['en', 'zh_CN'] as const)
    test(`every route settles, fits a phone and speaks ${language} (${signedIn ? 'signed in' : 'signed out'})`, async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(600_000);
      await useLanguage(page, language);
      if (signedIn) {
        const parent = await createParent(page, {
          password: 'secret123',
          language,
          name: language === 'zh_CN' ? '王芳' : 'Ann Lee',
        });
        await createLessons(page, parent, { firstInMinutes: 90 });
        await signIn(page, parent, language);
      }
      const problems: string[] = [];
      for (const route of ROUTES)
        for (const size of SIZES) {
          await page.setViewportSize(size);
          await open(page, route);
          let findings = await settled(page, language);
          // A page settles within a few seconds: poll until it stops being busy.
          for (let tries = 0; findings.busy.length > 0 && tries < 16; tries += 1) {
            await page.waitForTimeout(250);
            findings = await settled(page, language);
          }
          const where = `${route} @${size.width}`;
          if (findings.busy.length) problems.push(`${where}: still loading ${findings.busy[0]}`);
          if (size.width === 390 && findings.overflow)
            problems.push(`${where}: wider than the phone (${findings.overflow})`);
          for (const text of findings.clipped) problems.push(`${where}: clipped "${text}"`);
          const latin = findings.latin.filter((word) => !LATIN_ALLOWED.has(word));
          if (latin.length)
            problems.push(`${where}: English on a Chinese page: ${latin.join(', ')}`);
          // Chromium logs every refused request ("Failed to load resource: … 404"): that is the
          // API refusing another family's id, which the page must then explain, not an error of
          // the page. Everything else the page logs is.
          const errors = consoleErrors
            .splice(0)
            .filter((text) => !/^Failed to load resource/.test(text));
          if (errors.length) problems.push(`${where}: console error ${errors.join(' | ')}`);
        }
      expect(problems).toEqual([]);
    });

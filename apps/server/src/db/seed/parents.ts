import { hashPassword } from '../../lib/passwords';
import { insertParent } from '../../modules/parents/parents.service';
import type { Transaction } from '../client';

/** docs/product.md → Demo data: both demo parents sign in with this password. */
export const DEMO_PASSWORD = 'demo2026';
/** The demo parent: two children, lessons and credits, no plan. */
export const DEMO_PARENT_SN = 'P0000DEMO001';
/** The member parent: one child and an active 2-kids monthly plan. */
export const DEMO_MEMBER_SN = 'P0000DEMO002';

const DAY = 24 * 3600_000;

/**
 * When each demo parent registered, in days before the demo is made: the demo parent before the
 * first order and lessons (its welcome gift is dated then, seed/credits.ts), the member parent
 * before the plan was bought (seed/billing.ts). The console's registrations and family pages
 * read it.
 */
const REGISTERED_DAYS_AGO: Record<string, number> = {
  [DEMO_PARENT_SN]: 30,
  [DEMO_MEMBER_SN]: 12,
};

export async function seedParents(tx: Transaction, now: Date): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const registered = (userSn: string) =>
    new Date(now.getTime() - REGISTERED_DAYS_AGO[userSn]! * DAY);
  await insertParent(tx, {
    user_sn: DEMO_PARENT_SN,
    country_code: '86',
    mobile: '13800138000',
    password_hash: passwordHash,
    name: 'Li Wei',
    email: 'demo.parent@example.com',
    wechat: 'liwei_demo',
    language: null,
    time_zone: 'Asia/Shanghai',
    user_city: 'Shanghai',
    user_country: 'China',
    referer: 'Wang Fang',
    referer_code: 'WF2026',
    status: 1,
    created_at: registered(DEMO_PARENT_SN),
    updated_at: now,
  });
  await insertParent(tx, {
    user_sn: DEMO_MEMBER_SN,
    country_code: '86',
    mobile: '13900139000',
    password_hash: passwordHash,
    name: 'Zhang Min',
    email: 'member.parent@example.com',
    wechat: 'zhangmin_demo',
    language: 'zh_CN',
    time_zone: 'Asia/Shanghai',
    user_city: 'Beijing',
    user_country: 'China',
    status: 1,
    created_at: registered(DEMO_MEMBER_SN),
    updated_at: now,
  });
}

import type { AppContext } from '../../src/app-context';
import { creditGoods, plans, rechargePackages } from '../../src/db/schema';

let counter = 0;

/** A credit package on sale: `quantity` credits plus `extra` free ones for `priceMinor` cents. */
export async function createPackage(
  ctx: AppContext,
  options: { quantity?: number; extra?: number; priceMinor?: number } = {},
) {
  counter += 1;
  const [row] = await ctx.db
    .insert(rechargePackages)
    .values({
      title_en: `Package ${counter}`,
      title_zh: `套餐 ${counter}`,
      quantity: options.quantity ?? 20,
      extra_quantity: options.extra ?? 2,
      price_minor: options.priceMinor ?? 18_900,
      sort: 1000 + counter,
    })
    .returning();
  return row!;
}

/** A monthly plan for `kids` children; `offerEndsAt` makes it a hidden time-limited offer. */
export async function createPlan(
  ctx: AppContext,
  options: { kids?: number; priceMinor?: number; offerEndsAt?: Date } = {},
) {
  counter += 1;
  const [row] = await ctx.db
    .insert(plans)
    .values({
      title_en: `Plan ${counter}`,
      title_zh: `月卡 ${counter}`,
      details_en: 'Unlimited lessons\nAll subjects',
      details_zh: '不限课时\n全部科目',
      tags_en: 'Popular',
      tags_zh: '热门',
      kids: options.kids ?? 2,
      price_minor: options.priceMinor ?? 34_900,
      is_hidden: Boolean(options.offerEndsAt),
      offer_ends_at: options.offerEndsAt ?? null,
      sort: 1000 + counter,
    })
    .returning();
  return row!;
}

export async function createGood(
  ctx: AppContext,
  options: { quantity?: number; hidden?: boolean } = {},
) {
  const [row] = await ctx.db
    .insert(creditGoods)
    .values({
      quantity: options.quantity ?? 10,
      describe_en: 'Pay as you go',
      describe_zh: '按需购买',
      price_minor: 10_900,
      is_hidden: options.hidden ?? false,
    })
    .returning();
  return row!;
}

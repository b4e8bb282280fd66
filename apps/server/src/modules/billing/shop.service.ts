import type { AppContext } from '../../app-context';
import { getAccount } from '../credits/credits.service';
import { getMembership } from '../membership/membership.service';
import {
  findActivePackages,
  findGoods,
  findRunningOffer,
  findVisiblePlans,
  type GoodRow,
  type PackageRow,
  type PlanRow,
} from './shop.repository';

/** Text in both languages; the edge picks one (http/localize.ts). */
export type Bilingual = { en: string; zh: string };

/** A monthly plan on sale, or the time-limited offer (spec §3 Plan). */
export interface PlanForSale {
  id: number;
  title: Bilingual;
  remarks: Bilingual;
  description: Bilingual;
  priceMinor: number;
  currency: string;
  /** One tag a line. */
  tags: Bilingual;
  color: string;
  showsIcon: boolean;
  /** What the plan gives, one point a line. */
  details: Bilingual;
  /** Percent off the regular plan (offers). */
  discount: number;
  kids: number;
}

/** A number of credits at a price: a package, or a good of the offer (spec §3 Credit good). */
export interface CreditsForSale {
  id: number;
  quantity: number;
  description: Bilingual;
  priceMinor: number;
  currency: string;
}

/** A credit package on sale (spec §3 Recharge package): `extraQuantity` free credits with it. */
export interface CreditPackage {
  id: number;
  title: Bilingual;
  priceMinor: number;
  currency: string;
  quantity: number;
  extraQuantity: number;
}

/** The running time-limited offer (decision 034: a discount of the regular plan). */
export interface TimeLimitedOffer {
  plan: PlanForSale;
  good: CreditsForSale | null;
  secondsLeft: number;
  /** The regular plan's price for as many kids, struck through beside the offer's. */
  regularPriceMinor: number | null;
}

export function toPlanForSale(row: PlanRow): PlanForSale {
  return {
    id: row.id,
    title: { en: row.title_en, zh: row.title_zh },
    remarks: { en: row.remarks_en, zh: row.remarks_zh },
    description: { en: row.describe_en, zh: row.describe_zh },
    priceMinor: row.price_minor,
    currency: row.currency,
    tags: { en: row.tags_en, zh: row.tags_zh },
    color: row.color,
    showsIcon: row.is_icon_show,
    details: { en: row.details_en, zh: row.details_zh },
    discount: row.discount,
    kids: row.kids,
  };
}

function toGood(row: GoodRow): CreditsForSale {
  return {
    id: row.id,
    quantity: row.quantity,
    description: { en: row.describe_en, zh: row.describe_zh },
    priceMinor: row.price_minor,
    currency: row.currency,
  };
}

function toPackage(row: PackageRow): CreditPackage {
  return {
    id: row.id,
    title: { en: row.title_en, zh: row.title_zh },
    priceMinor: row.price_minor,
    currency: row.currency,
    quantity: row.quantity,
    extraQuantity: row.extra_quantity,
  };
}

/** `recharge/quantity(App)`: the parent's balance and the packages on sale. */
export async function getCreditPackages(
  ctx: AppContext,
  parentId: number,
): Promise<{ balance: number; packages: CreditPackage[] }> {
  const account = await getAccount(ctx, parentId);
  const packages = await findActivePackages(ctx.db);
  return { balance: account.balance, packages: packages.map(toPackage) };
}

/** The kids counts the plans on sale come in, smallest first. */
export async function getKidsCounts(ctx: AppContext): Promise<number[]> {
  return [...new Set((await findVisiblePlans(ctx.db)).map((plan) => plan.kids))].sort(
    (a, b) => a - b,
  );
}

/** The plans on sale, for one kids count or all. */
export async function getPlans(ctx: AppContext, kids: number | undefined): Promise<PlanForSale[]> {
  return (await findVisiblePlans(ctx.db, kids)).map(toPlanForSale);
}

/**
 * "Pay as You Go" of `getCreatPlanList`: the credit packages, the one price list of credits
 * (decision 034), as credit goods of their whole quantity (free extra included); they are paid
 * like on `/recharge`. Credit goods proper are only the time-limited offer's goods now.
 */
export async function getPayAsYouGo(ctx: AppContext): Promise<CreditsForSale[]> {
  return (await findActivePackages(ctx.db)).map((row) => ({
    id: row.id,
    quantity: row.quantity + row.extra_quantity,
    description: { en: row.title_en, zh: row.title_zh },
    priceMinor: row.price_minor,
    currency: row.currency,
  }));
}

/**
 * `getHidePlanList`: the running time-limited offer, with the seconds left to its real end, or
 * null. Decision 034: it is not offered to a parent who already holds a plan for as many kids
 * or more.
 */
export async function getTimeLimitedOffer(
  ctx: AppContext,
  parentId: number,
): Promise<TimeLimitedOffer | null> {
  const now = ctx.clock.now();
  const offer = await findRunningOffer(ctx.db, now);
  if (!offer?.offer_ends_at) return null;
  const held = (await getMembership(ctx, parentId)).plan;
  if (held && held.kids >= offer.kids) return null;
  const [good] = await findGoods(ctx.db, true);
  const regular = (await findVisiblePlans(ctx.db, offer.kids)).find(
    (plan) => plan.currency === offer.currency && plan.price_minor > offer.price_minor,
  );
  return {
    plan: toPlanForSale(offer),
    good: good ? toGood(good) : null,
    secondsLeft: Math.max(0, Math.floor((offer.offer_ends_at.getTime() - now.getTime()) / 1000)),
    regularPriceMinor: regular ? regular.price_minor : null,
  };
}

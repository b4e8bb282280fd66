import type {
  AuditAction,
  AuditTarget,
  PriceGoodBody,
  PricePackageBody,
  PricePlanBody,
  PricePlanState,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { changedFields, recordAudit } from '../audit/audit.service';
import {
  insertGood,
  insertPackage,
  insertPlan,
  lockGood,
  lockPackage,
  lockPlan,
  selectAllPrices,
  updateGood,
  updatePackage,
  updatePlan,
  type GoodRow,
  type PackageRow,
  type PlanRow,
} from './prices-admin.repository';

/**
 * Prices as the school edits them (issue #23, decision 048 §7): credit packages, plans (regular
 * and time-limited offers) and the offer's credit goods. An edit changes the row only: orders
 * copy their title and amount when they are made, and checkout charges the order's own amount,
 * so an order made before a change is paid at its own price. When the provider keeps a price
 * list (Stripe), each price is mirrored there (`syncPrice` makes a new price and archives the
 * previous one; retiring archives it), under the item's row lock and inside the transaction: a
 * provider that refuses rolls the edit back. Nothing is deleted: orders and memberships name the
 * items. Every write is audited in its transaction.
 */

export interface PriceActor {
  staffId: number;
  ip: string | null;
}

export interface AdminPackage {
  id: number;
  titleEn: string;
  titleZh: string;
  quantity: number;
  extraQuantity: number;
  priceMinor: number;
  currency: string;
  sort: number;
  isActive: boolean;
  providerPriceId: string | null;
}

export interface AdminPlan {
  id: number;
  titleEn: string;
  titleZh: string;
  remarksEn: string;
  remarksZh: string;
  descriptionEn: string;
  descriptionZh: string;
  detailsEn: string;
  detailsZh: string;
  tagsEn: string;
  tagsZh: string;
  color: string;
  showsIcon: boolean;
  kids: number;
  priceMinor: number;
  currency: string;
  discount: number;
  sort: number;
  isOffer: boolean;
  offerStartsAt: Date | null;
  offerEndsAt: Date | null;
  retiredAt: Date | null;
  state: PricePlanState;
  providerPriceId: string | null;
}

export interface AdminGood {
  id: number;
  quantity: number;
  descriptionEn: string;
  descriptionZh: string;
  priceMinor: number;
  currency: string;
  sort: number;
  isActive: boolean;
  providerPriceId: string | null;
}

export interface AdminPriceList {
  packages: AdminPackage[];
  plans: AdminPlan[];
  goods: AdminGood[];
}

const toPackage = (row: PackageRow): AdminPackage => ({
  id: row.id,
  titleEn: row.title_en,
  titleZh: row.title_zh,
  quantity: row.quantity,
  extraQuantity: row.extra_quantity,
  priceMinor: row.price_minor,
  currency: row.currency,
  sort: row.sort,
  isActive: row.is_active,
  providerPriceId: row.provider_price_id,
});

function planState(row: PlanRow, now: Date): PricePlanState {
  if (row.retired_at) return 'retired';
  if (!row.is_hidden) return 'on-sale';
  if (row.offer_starts_at && row.offer_starts_at > now) return 'scheduled';
  if (!row.offer_ends_at || row.offer_ends_at <= now) return 'ended';
  return 'on-sale';
}

const toPlan = (row: PlanRow, now: Date): AdminPlan => ({
  id: row.id,
  titleEn: row.title_en,
  titleZh: row.title_zh,
  remarksEn: row.remarks_en,
  remarksZh: row.remarks_zh,
  descriptionEn: row.describe_en,
  descriptionZh: row.describe_zh,
  detailsEn: row.details_en,
  detailsZh: row.details_zh,
  tagsEn: row.tags_en,
  tagsZh: row.tags_zh,
  color: row.color,
  showsIcon: row.is_icon_show,
  kids: row.kids,
  priceMinor: row.price_minor,
  currency: row.currency,
  discount: row.discount,
  sort: row.sort,
  isOffer: row.is_hidden,
  offerStartsAt: row.offer_starts_at,
  offerEndsAt: row.offer_ends_at,
  retiredAt: row.retired_at,
  state: planState(row, now),
  providerPriceId: row.provider_price_id,
});

// Decision 034: a credit good is only the time-limited offer's (a hidden good); a retired good is
// no longer sold (`retired_at`), its row kept for the orders that name it.
const toGood = (row: GoodRow): AdminGood => ({
  id: row.id,
  quantity: row.quantity,
  descriptionEn: row.describe_en,
  descriptionZh: row.describe_zh,
  priceMinor: row.price_minor,
  currency: row.currency,
  sort: row.sort,
  isActive: row.retired_at === null,
  providerPriceId: row.provider_price_id,
});

/** GET /api/ops/prices. */
export async function listPrices(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<AdminPriceList> {
  const { packageRows, planRows, goodRows } = await selectAllPrices(ctx.db);
  const now = ctx.clock.now();
  return {
    packages: packageRows.map(toPackage),
    plans: planRows.map((row) => toPlan(row, now)),
    goods: goodRows.map(toGood),
  };
}

// ---------------------------------------------------------------------------------------------
// The provider's price list and the audit log

type PriceContext = Pick<AppContext, 'db' | 'clock' | 'providers'>;

/** What the provider's price mirrors: the item, its name, amount and currency. */
interface PricedItem {
  itemKey: string;
  name: string;
  amountMinor: number;
  currency: string;
  recurring: boolean;
}

/**
 * Mirrors the price at the provider when it is new, or its amount, currency or name changed (or
 * it has none there yet). Answers the provider's price id to store (null locally).
 */
async function syncPrice(
  ctx: PriceContext,
  item: PricedItem,
  previous: { priceId: string | null; item: PricedItem | null },
): Promise<string | null> {
  const same =
    previous.priceId !== null &&
    previous.item !== null &&
    previous.item.amountMinor === item.amountMinor &&
    previous.item.currency === item.currency &&
    previous.item.name === item.name;
  if (same) return previous.priceId;
  return ctx.providers.payments.syncPrice({ ...item, previousPriceId: previous.priceId });
}

function audit(
  db: DbOrTx,
  actor: PriceActor,
  action: AuditAction,
  target: { type: AuditTarget; id: number },
  entry: { before?: Record<string, unknown>; after?: Record<string, unknown> },
) {
  return recordAudit(db, {
    staffId: actor.staffId,
    action,
    target,
    ip: actor.ip,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The fields an entry shows (the console's audit texts name them). */
const packageFields = (row: PackageRow) => ({
  title: row.title_en,
  titleZh: row.title_zh,
  quantity: row.quantity,
  extraQuantity: row.extra_quantity,
  price: row.price_minor,
  currency: row.currency,
  sort: row.sort,
});

const planFields = (row: PlanRow) => ({
  title: row.title_en,
  titleZh: row.title_zh,
  kids: row.kids,
  price: row.price_minor,
  currency: row.currency,
  discount: row.discount,
  offerStartsAt: row.offer_starts_at?.toISOString() ?? null,
  offerEndsAt: row.offer_ends_at?.toISOString() ?? null,
});

const goodFields = (row: GoodRow) => ({
  title: row.describe_en,
  quantity: row.quantity,
  price: row.price_minor,
  currency: row.currency,
});

/** An update's entry: the changed fields, and always the title (a text-only edit is one too). */
function updateEntry<T extends { title: string }>(before: T, after: T) {
  const diff = changedFields(before, after);
  return {
    before: { title: before.title, ...diff.before },
    after: { title: after.title, ...diff.after },
  };
}

// ---------------------------------------------------------------------------------------------
// Packages

const packageColumns = (body: PricePackageBody) => ({
  title_en: body.titleEn,
  title_zh: body.titleZh,
  quantity: body.quantity,
  extra_quantity: body.extraQuantity,
  price_minor: body.priceMinor,
  currency: body.currency,
  sort: body.sort,
});

const packageItem = (row: PackageRow): PricedItem => ({
  itemKey: `package:${row.id}`,
  name: row.title_en,
  amountMinor: row.price_minor,
  currency: row.currency,
  recurring: false,
});

export async function createPackage(
  ctx: PriceContext,
  body: PricePackageBody,
  actor: PriceActor,
): Promise<{ id: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    let row = await insertPackage(tx, {
      ...packageColumns(body),
      created_at: now,
      updated_at: now,
    });
    const priceId = await syncPrice(ctx, packageItem(row), { priceId: null, item: null });
    if (priceId !== null) {
      await updatePackage(tx, row.id, { provider_price_id: priceId });
      row = { ...row, provider_price_id: priceId };
    }
    await audit(
      tx,
      actor,
      'price.created',
      { type: 'package', id: row.id },
      {
        after: packageFields(row),
      },
    );
    return { id: row.id };
  });
}

export async function updatePackageById(
  ctx: PriceContext,
  id: number,
  body: PricePackageBody,
  actor: PriceActor,
): Promise<{ id: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const was = await lockPackage(tx, id);
    if (!was) throw notFound('priceItemNotFound');
    if (!was.is_active) throw conflict('priceItemRetired');
    const next: PackageRow = { ...was, ...packageColumns(body), updated_at: now };
    const priceId = await syncPrice(ctx, packageItem(next), {
      priceId: was.provider_price_id,
      item: packageItem(was),
    });
    await updatePackage(tx, id, {
      ...packageColumns(body),
      provider_price_id: priceId,
      updated_at: now,
    });
    await audit(
      tx,
      actor,
      'price.updated',
      { type: 'package', id },
      updateEntry(packageFields(was), packageFields(next)),
    );
    return { id };
  });
}

export async function retirePackage(
  ctx: PriceContext,
  id: number,
  actor: PriceActor,
): Promise<{ id: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const was = await lockPackage(tx, id);
    if (!was) throw notFound('priceItemNotFound');
    if (!was.is_active) throw conflict('priceItemRetired');
    await updatePackage(tx, id, { is_active: false, updated_at: now });
    if (was.provider_price_id) await ctx.providers.payments.archivePrice(was.provider_price_id);
    await audit(
      tx,
      actor,
      'price.retired',
      { type: 'package', id },
      {
        before: packageFields(was),
      },
    );
    return { id };
  });
}

// ---------------------------------------------------------------------------------------------
// Plans and offers

const planColumns = (body: PricePlanBody) => ({
  title_en: body.titleEn,
  title_zh: body.titleZh,
  remarks_en: body.remarksEn,
  remarks_zh: body.remarksZh,
  describe_en: body.descriptionEn,
  describe_zh: body.descriptionZh,
  details_en: body.detailsEn,
  details_zh: body.detailsZh,
  tags_en: body.tagsEn,
  tags_zh: body.tagsZh,
  color: body.color,
  is_icon_show: body.showsIcon,
  kids: body.kids,
  price_minor: body.priceMinor,
  currency: body.currency,
  discount: body.discount,
  sort: body.sort,
  is_hidden: body.isOffer,
  offer_starts_at: body.isOffer && body.offerStartsAt ? new Date(body.offerStartsAt) : null,
  offer_ends_at: body.isOffer && body.offerEndsAt ? new Date(body.offerEndsAt) : null,
});

// A plan paid by card renews monthly: its provider price is a recurring one.
const planItem = (row: PlanRow): PricedItem => ({
  itemKey: `plan:${row.id}`,
  name: row.title_en,
  amountMinor: row.price_minor,
  currency: row.currency,
  recurring: true,
});

export async function createPlan(
  ctx: PriceContext,
  body: PricePlanBody,
  actor: PriceActor,
): Promise<{ id: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    let row = await insertPlan(tx, { ...planColumns(body), created_at: now, updated_at: now });
    const priceId = await syncPrice(ctx, planItem(row), { priceId: null, item: null });
    if (priceId !== null) {
      await updatePlan(tx, row.id, { provider_price_id: priceId });
      row = { ...row, provider_price_id: priceId };
    }
    await audit(
      tx,
      actor,
      'price.created',
      { type: 'plan', id: row.id },
      {
        after: planFields(row),
      },
    );
    return { id: row.id };
  });
}

export async function updatePlanById(
  ctx: PriceContext,
  id: number,
  body: PricePlanBody,
  actor: PriceActor,
): Promise<{ id: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const was = await lockPlan(tx, id);
    if (!was) throw notFound('priceItemNotFound');
    if (was.retired_at) throw conflict('priceItemRetired');
    const next: PlanRow = { ...was, ...planColumns(body), updated_at: now };
    const priceId = await syncPrice(ctx, planItem(next), {
      priceId: was.provider_price_id,
      item: planItem(was),
    });
    await updatePlan(tx, id, { ...planColumns(body), provider_price_id: priceId, updated_at: now });
    await audit(
      tx,
      actor,
      'price.updated',
      { type: 'plan', id },
      updateEntry(planFields(was), planFields(next)),
    );
    return { id };
  });
}

/**
 * Takes a plan or an offer off sale. Members holding it keep it (renewals are the membership's
 * business); orders already made still pay at their own price.
 */
export async function retirePlan(
  ctx: PriceContext,
  id: number,
  actor: PriceActor,
): Promise<{ id: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const was = await lockPlan(tx, id);
    if (!was) throw notFound('priceItemNotFound');
    if (was.retired_at) throw conflict('priceItemRetired');
    await updatePlan(tx, id, { retired_at: now, updated_at: now });
    if (was.provider_price_id) await ctx.providers.payments.archivePrice(was.provider_price_id);
    await audit(tx, actor, 'price.retired', { type: 'plan', id }, { before: planFields(was) });
    return { id };
  });
}

// ---------------------------------------------------------------------------------------------
// The offer's credit goods

const goodColumns = (body: PriceGoodBody) => ({
  quantity: body.quantity,
  describe_en: body.descriptionEn,
  describe_zh: body.descriptionZh,
  price_minor: body.priceMinor,
  currency: body.currency,
  sort: body.sort,
});

const goodItem = (row: GoodRow): PricedItem => ({
  itemKey: `good:${row.id}`,
  name: row.describe_en || `${row.quantity} credits`,
  amountMinor: row.price_minor,
  currency: row.currency,
  recurring: false,
});

export async function createGood(
  ctx: PriceContext,
  body: PriceGoodBody,
  actor: PriceActor,
): Promise<{ id: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    let row = await insertGood(tx, {
      ...goodColumns(body),
      is_hidden: true,
      created_at: now,
      updated_at: now,
    });
    const priceId = await syncPrice(ctx, goodItem(row), { priceId: null, item: null });
    if (priceId !== null) {
      await updateGood(tx, row.id, { provider_price_id: priceId });
      row = { ...row, provider_price_id: priceId };
    }
    await audit(
      tx,
      actor,
      'price.created',
      { type: 'credit-good', id: row.id },
      {
        after: goodFields(row),
      },
    );
    return { id: row.id };
  });
}

export async function updateGoodById(
  ctx: PriceContext,
  id: number,
  body: PriceGoodBody,
  actor: PriceActor,
): Promise<{ id: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const was = await lockGood(tx, id);
    if (!was) throw notFound('priceItemNotFound');
    if (was.retired_at) throw conflict('priceItemRetired');
    const next: GoodRow = { ...was, ...goodColumns(body), updated_at: now };
    const priceId = await syncPrice(ctx, goodItem(next), {
      priceId: was.provider_price_id,
      item: goodItem(was),
    });
    await updateGood(tx, id, { ...goodColumns(body), provider_price_id: priceId, updated_at: now });
    await audit(
      tx,
      actor,
      'price.updated',
      { type: 'credit-good', id },
      updateEntry(goodFields(was), goodFields(next)),
    );
    return { id };
  });
}

export async function retireGood(
  ctx: PriceContext,
  id: number,
  actor: PriceActor,
): Promise<{ id: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const was = await lockGood(tx, id);
    if (!was) throw notFound('priceItemNotFound');
    if (was.retired_at) throw conflict('priceItemRetired');
    await updateGood(tx, id, { retired_at: now, updated_at: now });
    if (was.provider_price_id) await ctx.providers.payments.archivePrice(was.provider_price_id);
    await audit(
      tx,
      actor,
      'price.retired',
      { type: 'credit-good', id },
      {
        before: goodFields(was),
      },
    );
    return { id };
  });
}

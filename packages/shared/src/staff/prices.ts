import { z } from 'zod';
import { DB_ID_MAX } from '../api';
import { MIN_CHARGE_MINOR } from '../billing';

/**
 * What the portal sells, as the school edits it (issue #23): credit packages, monthly plans (the
 * regular ones and the time-limited offers: a hidden plan with a start and an end) and the
 * offer's credit goods, under `/api/ops/prices*` (`money.manage`). Used by the server's routes,
 * the console's forms and the tests. Prices are integers in minor units of their currency (ISO
 * 4217, upper case; the parents' screens show them with two decimals); texts come in both
 * languages as flat fields. A change applies to orders made afterwards only: an order copies
 * its title and amount when it is made (decision 048). Messages are keys of `prices-messages.ts`.
 */

// ---------------------------------------------------------------------------------------------
// Field rules

export const PRICE_TITLE_MAX_LENGTH = 100;
export const PRICE_TEXT_MAX_LENGTH = 1000;
/** The smallest price: the provider's smallest charge (Stripe: 50 cents). */
export const PRICE_MIN_MINOR = MIN_CHARGE_MINOR;
/** The biggest price (minor units): 1,000,000.00. */
export const PRICE_MAX_MINOR = 100_000_000;
export const PRICE_CREDITS_MAX = 10_000;
export const PRICE_KIDS_MAX = 10;
export const PRICE_SORT_MAX = 999;
/** "USD", "CNY": ISO 4217 codes, upper case. */
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;
/** The currencies the console offers first (any ISO 4217 code is accepted). */
export const PRICE_CURRENCIES = ['USD', 'CNY', 'EUR', 'GBP'] as const;
/** A plan card's colour: "#rrggbb". */
export const PRICE_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

const titleField = (required: 'priceTitleEnRequired' | 'priceTitleZhRequired') =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(PRICE_TITLE_MAX_LENGTH, 'priceTitleTooLong');

const textField = z
  .string({ error: 'priceTextTooLong' })
  .trim()
  .max(PRICE_TEXT_MAX_LENGTH, 'priceTextTooLong');

export const PriceMinorSchema = z
  .number({ error: 'priceAmountInvalid' })
  .int('priceAmountInvalid')
  .min(PRICE_MIN_MINOR, 'priceAmountInvalid')
  .max(PRICE_MAX_MINOR, 'priceAmountInvalid');

export const CurrencySchema = z
  .string({ error: 'priceCurrencyInvalid' })
  .regex(CURRENCY_PATTERN, 'priceCurrencyInvalid');

const creditsField = (min: number) =>
  z
    .number({ error: 'priceCreditsInvalid' })
    .int('priceCreditsInvalid')
    .min(min, 'priceCreditsInvalid')
    .max(PRICE_CREDITS_MAX, 'priceCreditsInvalid');

const sortField = z
  .number({ error: 'priceSortInvalid' })
  .int('priceSortInvalid')
  .min(0, 'priceSortInvalid')
  .max(PRICE_SORT_MAX, 'priceSortInvalid');

const offerTime = z
  .union([z.iso.datetime({ offset: true, error: 'priceOfferTimeInvalid' }), z.null()], {
    error: 'priceOfferTimeInvalid',
  })
  .optional()
  .transform((value) => value ?? null);

/** An id in a URL: anything else is "not found". */
export const PriceItemParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'priceItemNotFound' })
    .int('priceItemNotFound')
    .positive('priceItemNotFound')
    .max(DB_ID_MAX, 'priceItemNotFound'),
});
export type PriceItemParams = z.infer<typeof PriceItemParamsSchema>;

// ---------------------------------------------------------------------------------------------
// Bodies (create and update replace every field; the forms send them all)

/** POST /api/ops/prices/packages and /packages/:id: credits (plus free ones) at a price. */
export const PricePackageBodySchema = z
  .object({
    titleEn: titleField('priceTitleEnRequired'),
    titleZh: titleField('priceTitleZhRequired'),
    quantity: creditsField(1),
    extraQuantity: creditsField(0),
    priceMinor: PriceMinorSchema,
    currency: CurrencySchema,
    sort: sortField,
  })
  .strict();
export type PricePackageBody = z.infer<typeof PricePackageBodySchema>;

/**
 * POST /api/ops/prices/plans and /plans/:id. A regular plan (`isOffer` false) is on sale until
 * retired and carries no offer times; an offer is on sale from `offerStartsAt` (null: at once)
 * until `offerEndsAt` (required, after the start), shown as a discount of the regular plan for as
 * many kids.
 */
export const PricePlanBodySchema = z
  .object({
    titleEn: titleField('priceTitleEnRequired'),
    titleZh: titleField('priceTitleZhRequired'),
    remarksEn: textField,
    remarksZh: textField,
    descriptionEn: textField,
    descriptionZh: textField,
    /** The card's points, one a line. */
    detailsEn: textField,
    detailsZh: textField,
    /** The card's tags, one a line. */
    tagsEn: textField,
    tagsZh: textField,
    color: z.string({ error: 'priceColorInvalid' }).regex(PRICE_COLOR_PATTERN, 'priceColorInvalid'),
    showsIcon: z.boolean({ error: 'invalidRequest' }),
    kids: z
      .number({ error: 'priceKidsInvalid' })
      .int('priceKidsInvalid')
      .min(1, 'priceKidsInvalid')
      .max(PRICE_KIDS_MAX, 'priceKidsInvalid'),
    priceMinor: PriceMinorSchema,
    currency: CurrencySchema,
    /** Percent off shown on the offer's card (0 = none). */
    discount: z
      .number({ error: 'priceDiscountInvalid' })
      .int('priceDiscountInvalid')
      .min(0, 'priceDiscountInvalid')
      .max(99, 'priceDiscountInvalid'),
    sort: sortField,
    isOffer: z.boolean({ error: 'invalidRequest' }),
    offerStartsAt: offerTime,
    offerEndsAt: offerTime,
  })
  .strict()
  .superRefine((plan, issues) => {
    if (!plan.isOffer) {
      if (plan.offerStartsAt !== null || plan.offerEndsAt !== null)
        issues.addIssue({
          code: 'custom',
          message: 'priceOfferTimesOnlyForOffers',
          path: ['offerEndsAt'],
        });
      return;
    }
    if (plan.offerEndsAt === null)
      issues.addIssue({ code: 'custom', message: 'priceOfferEndRequired', path: ['offerEndsAt'] });
    else if (
      plan.offerStartsAt !== null &&
      new Date(plan.offerEndsAt).getTime() <= new Date(plan.offerStartsAt).getTime()
    )
      issues.addIssue({
        code: 'custom',
        message: 'priceOfferEndBeforeStart',
        path: ['offerEndsAt'],
      });
  });
export type PricePlanBody = z.infer<typeof PricePlanBodySchema>;
export type PricePlanBodyInput = z.input<typeof PricePlanBodySchema>;

/**
 * POST /api/ops/prices/goods and /goods/:id: credits sold with the time-limited offer (decision
 * 034: credits otherwise have one price list, the packages).
 */
export const PriceGoodBodySchema = z
  .object({
    quantity: creditsField(1),
    descriptionEn: textField,
    descriptionZh: textField,
    priceMinor: PriceMinorSchema,
    currency: CurrencySchema,
    sort: sortField,
  })
  .strict();
export type PriceGoodBody = z.infer<typeof PriceGoodBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const PricePackageSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleZh: z.string(),
  quantity: z.number().int(),
  extraQuantity: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
  sort: z.number().int(),
  /** False once retired: no longer sold, kept for the orders naming it. */
  isActive: z.boolean(),
  /** The provider's price (Stripe), null on the local provider. */
  providerPriceId: z.string().nullable(),
});
export type PricePackage = z.infer<typeof PricePackageSchema>;

/** On sale now (`on-sale`), an offer not started or ended (`scheduled`, `ended`), or `retired`. */
export const PRICE_PLAN_STATES = ['on-sale', 'scheduled', 'ended', 'retired'] as const;
export type PricePlanState = (typeof PRICE_PLAN_STATES)[number];

export const PricePlanSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleZh: z.string(),
  remarksEn: z.string(),
  remarksZh: z.string(),
  descriptionEn: z.string(),
  descriptionZh: z.string(),
  detailsEn: z.string(),
  detailsZh: z.string(),
  tagsEn: z.string(),
  tagsZh: z.string(),
  color: z.string(),
  showsIcon: z.boolean(),
  kids: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
  discount: z.number().int(),
  sort: z.number().int(),
  isOffer: z.boolean(),
  offerStartsAt: z.string().nullable(),
  offerEndsAt: z.string().nullable(),
  retiredAt: z.string().nullable(),
  state: z.enum(PRICE_PLAN_STATES),
  providerPriceId: z.string().nullable(),
});
export type PricePlan = z.infer<typeof PricePlanSchema>;

export const PriceGoodSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  descriptionEn: z.string(),
  descriptionZh: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  sort: z.number().int(),
  /** Sold with the time-limited offer; false once retired. */
  isActive: z.boolean(),
  providerPriceId: z.string().nullable(),
});
export type PriceGood = z.infer<typeof PriceGoodSchema>;

/** GET /api/ops/prices: everything, retired included, in display order. */
export const PriceListSchema = z.object({
  packages: z.array(PricePackageSchema),
  /** Regular plans and offers (`isOffer`). */
  plans: z.array(PricePlanSchema),
  goods: z.array(PriceGoodSchema),
});
export type PriceList = z.infer<typeof PriceListSchema>;

/** The answer of a create, update or retire: the item's id. */
export const PriceSavedSchema = z.object({ id: z.number().int() });
export type PriceSaved = z.infer<typeof PriceSavedSchema>;

/** Major units typed in a form ("189.5") as minor units (18950); NaN when it is not a price. */
export function toMinorUnits(major: number): number {
  return Number.isFinite(major) ? Math.round(major * 100) : Number.NaN;
}

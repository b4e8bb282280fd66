import { describe, expect, it } from 'vitest';
import { PriceGoodBodySchema, PricePackageBodySchema, PricePlanBodySchema } from './prices';

const PACKAGE = {
  titleEn: '20 credits',
  titleZh: '20 课时',
  quantity: 20,
  extraQuantity: 2,
  priceMinor: 18_900,
  currency: 'USD',
  sort: 0,
};

const PLAN = {
  titleEn: 'Offer',
  titleZh: '特惠',
  remarksEn: '',
  remarksZh: '',
  descriptionEn: '',
  descriptionZh: '',
  detailsEn: '',
  detailsZh: '',
  tagsEn: '',
  tagsZh: '',
  color: '#7048e8',
  showsIcon: false,
  kids: 2,
  priceMinor: 29_900,
  currency: 'USD',
  discount: 14,
  sort: 99,
  isOffer: true,
  offerStartsAt: '2026-12-01T00:00:00Z',
  offerEndsAt: '2026-12-08T00:00:00Z',
};

const GOOD = {
  quantity: 30,
  descriptionEn: 'Offer: 30 credits',
  descriptionZh: '特惠：30 课时',
  priceMinor: 24_900,
  currency: 'CNY',
  sort: 0,
};

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('price bodies', () => {
  it.each([
    ['a package', PricePackageBodySchema, PACKAGE],
    ['the smallest charge', PricePackageBodySchema, { ...PACKAGE, priceMinor: 50 }],
    ['the biggest price', PricePackageBodySchema, { ...PACKAGE, priceMinor: 100_000_000 }],
    ['an offer', PricePlanBodySchema, PLAN],
    ['an offer starting at once', PricePlanBodySchema, { ...PLAN, offerStartsAt: null }],
    [
      'an offer with a zone offset',
      PricePlanBodySchema,
      { ...PLAN, offerEndsAt: '2026-12-08T08:00:00+08:00' },
    ],
    [
      'a regular plan',
      PricePlanBodySchema,
      { ...PLAN, isOffer: false, offerStartsAt: null, offerEndsAt: null },
    ],
    [
      'a regular plan without offer fields',
      PricePlanBodySchema,
      { ...PLAN, isOffer: false, offerStartsAt: undefined, offerEndsAt: undefined },
    ],
    ['a good', PriceGoodBodySchema, GOOD],
  ] as const)('%s is accepted', (_name, schema, body) => {
    expect(messageOf(schema.safeParse(body))).toBeNull();
  });

  it.each([
    [
      'no price',
      PricePackageBodySchema,
      { ...PACKAGE, priceMinor: undefined },
      'priceAmountInvalid',
    ],
    [
      'a price below the smallest charge',
      PricePackageBodySchema,
      { ...PACKAGE, priceMinor: 49 },
      'priceAmountInvalid',
    ],
    [
      'a price in major units',
      PricePackageBodySchema,
      { ...PACKAGE, priceMinor: 189.5 },
      'priceAmountInvalid',
    ],
    [
      'a price too big',
      PriceGoodBodySchema,
      { ...GOOD, priceMinor: 100_000_001 },
      'priceAmountInvalid',
    ],
    [
      'a currency in lower case',
      PriceGoodBodySchema,
      { ...GOOD, currency: 'cny' },
      'priceCurrencyInvalid',
    ],
    [
      'a currency symbol',
      PricePackageBodySchema,
      { ...PACKAGE, currency: '$' },
      'priceCurrencyInvalid',
    ],
    ['no credits', PricePackageBodySchema, { ...PACKAGE, quantity: 0 }, 'priceCreditsInvalid'],
    [
      'an offer ending before it starts',
      PricePlanBodySchema,
      { ...PLAN, offerEndsAt: '2026-11-30T00:00:00Z' },
      'priceOfferEndBeforeStart',
    ],
    [
      'an offer ending when it starts (other zone)',
      PricePlanBodySchema,
      { ...PLAN, offerEndsAt: '2026-12-01T08:00:00+08:00' },
      'priceOfferEndBeforeStart',
    ],
    [
      'an offer without an end',
      PricePlanBodySchema,
      { ...PLAN, offerEndsAt: null },
      'priceOfferEndRequired',
    ],
    [
      'a regular plan with an end',
      PricePlanBodySchema,
      { ...PLAN, isOffer: false, offerStartsAt: null },
      'priceOfferTimesOnlyForOffers',
    ],
    [
      'a day instead of a time',
      PricePlanBodySchema,
      { ...PLAN, offerEndsAt: '2026-12-08' },
      'priceOfferTimeInvalid',
    ],
    [
      'a discount of 100 %',
      PricePlanBodySchema,
      { ...PLAN, discount: 100 },
      'priceDiscountInvalid',
    ],
    ['an unknown field', PricePackageBodySchema, { ...PACKAGE, isActive: false }, 'invalidRequest'],
  ] as const)('%s is refused with %s', (_name, schema, body, message) => {
    const result = schema.safeParse(body);
    expect(result.success).toBe(false);
    if (message !== 'invalidRequest') expect(messageOf(result)).toBe(message);
  });
});

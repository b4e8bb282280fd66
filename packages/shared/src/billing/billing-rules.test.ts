import { describe, expect, it } from 'vitest';
import { BuyMemberBodySchema, MIN_CHARGE_MINOR, quotePlanChange } from './index';

const current = {
  priceMinor: 19_900,
  startsAt: new Date('2026-11-20T08:00:00Z'),
  endsAt: new Date('2026-12-20T08:00:00Z'),
};
const at = (iso: string) => new Date(iso);

describe('quotePlanChange (decision 029: unused whole days credited, rounded down to the cent)', () => {
  it.each([
    // now, new price → unused days, credit, amount due, payable
    ['2026-11-20T08:00:00Z', 46_900, 30, 19_900, 27_000, true],
    ['2026-11-30T09:00:00Z', 46_900, 19, 12_603, 34_297, true],
    ['2026-12-19T08:00:01Z', 46_900, 0, 0, 46_900, true],
    ['2026-12-20T08:00:00Z', 46_900, 0, 0, 46_900, true],
    ['2026-12-25T08:00:00Z', 46_900, 0, 0, 46_900, true],
    // A downgrade early in the month: the credit is worth more than the new plan.
    ['2026-11-21T08:00:00Z', 9_900, 29, 19_236, -9_336, false],
    // Exactly the minimum left to pay is payable; a cent less is not.
    ['2026-11-30T09:00:00Z', 12_603 + MIN_CHARGE_MINOR, 19, 12_603, MIN_CHARGE_MINOR, true],
    ['2026-11-30T09:00:00Z', 12_603 + MIN_CHARGE_MINOR - 1, 19, 12_603, 49, false],
  ] as const)(
    'at %s to %i → %i days, credit %i, due %i, payable %s',
    (now, price, days, credit, due, payable) => {
      expect(quotePlanChange(current, price, at(now))).toEqual({
        periodDays: 30,
        unusedDays: days,
        creditMinor: credit,
        amountMinor: due,
        isPayable: payable,
      });
    },
  );

  it('a plan that has not started yet is credited whole, never more', () => {
    expect(quotePlanChange(current, 46_900, at('2026-11-01T00:00:00Z'))).toMatchObject({
      unusedDays: 30,
      creditMinor: 19_900,
    });
  });
});

describe('BuyMemberBodySchema.change (sent by ChangePlan only)', () => {
  it.each([
    [{ plan_id: 3 }, undefined],
    [{ plan_id: 3, change: 1 }, 1],
    [{ plan_id: 3, change: '1' }, 1],
    [{ plan_id: 3, change: 0 }, 0],
  ])('accepts %j', (body, change) => {
    expect(BuyMemberBodySchema.parse(body).change).toBe(change);
  });

  it.each([
    [{ plan_id: 3, change: 2 }],
    [{ plan_id: 3, change: 'yes' }],
    [{ plan_id: 3, change: -1 }],
  ])('refuses %j with invalidRequest', (body) => {
    const result = BuyMemberBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('invalidRequest');
  });
});

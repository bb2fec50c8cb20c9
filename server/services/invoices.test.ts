import { describe, expect, it } from 'vitest';
import {
  addDays,
  billingPeriod,
  gulfDate,
  gulfDayStart,
  invoiceAmounts,
  invoiceNumber,
  lastDayBefore,
  periodInstants,
  sameDayMonthsLater,
} from './invoices.ts';

describe('invoice amounts (integer fils)', () => {
  it.each([
    ['monthly', 50_000, 2_500, 52_500],
    ['quarterly', 135_000, 6_750, 141_750],
    ['annual', 480_000, 24_000, 504_000],
  ] as const)('%s at 5%%: subtotal %i, VAT %i, total %i', (plan, subtotalFils, vatFils, totalFils) => {
    expect(invoiceAmounts(plan, 500)).toEqual({ subtotalFils, vatRateBasisPoints: 500, vatFils, totalFils });
  });

  it('rounds VAT half up to the fil and keeps every amount a whole number of fils', () => {
    // 50,000 x 0.0333 = 1,665 exactly; 135,000 x 0.0001 = 13.5 -> 14; 50,000 x 0.0001 = 5.
    expect(invoiceAmounts('monthly', 333).vatFils).toBe(1_665);
    expect(invoiceAmounts('quarterly', 1).vatFils).toBe(14);
    expect(invoiceAmounts('monthly', 1).vatFils).toBe(5);
    // 480,000 x 0.0749 = 35,952; 135,000 x 0.0749 = 10,111.5 -> 10,112.
    expect(invoiceAmounts('annual', 749).vatFils).toBe(35_952);
    expect(invoiceAmounts('quarterly', 749)).toEqual({ subtotalFils: 135_000, vatRateBasisPoints: 749, vatFils: 10_112, totalFils: 145_112 });
    for (const bp of [0, 1, 250, 333, 500, 749, 1000, 10_000]) {
      const a = invoiceAmounts('quarterly', bp);
      expect(Number.isInteger(a.vatFils)).toBe(true);
      expect(a.totalFils).toBe(a.subtotalFils + a.vatFils);
    }
    expect(invoiceAmounts('monthly', 0)).toMatchObject({ vatFils: 0, totalFils: 50_000 });
  });

  it('refuses a VAT rate that is not whole basis points', () => {
    expect(() => invoiceAmounts('monthly', 2.5)).toThrow();
    expect(() => invoiceAmounts('monthly', -1)).toThrow();
  });
});

describe('invoice numbers', () => {
  it('are INV-<year>-<6-digit sequence>', () => {
    expect(invoiceNumber(2026, 1)).toBe('INV-2026-000001');
    expect(invoiceNumber(2026, 42)).toBe('INV-2026-000042');
    expect(invoiceNumber(2027, 123_456)).toBe('INV-2027-123456');
  });
});

describe('Gulf calendar dates', () => {
  it('takes the date in Dubai (UTC+4), not in UTC', () => {
    expect(gulfDate(new Date('2026-01-30T19:59:59.999Z'))).toBe('2026-01-30');
    expect(gulfDate(new Date('2026-01-30T20:00:00Z'))).toBe('2026-01-31');
    // New Year comes four hours earlier in Dubai: the invoice year follows.
    expect(gulfDate(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
    expect(gulfDayStart('2026-01-31').toISOString()).toBe('2026-01-30T20:00:00.000Z');
  });

  it('adds days across months and leap years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('moves to the first of the next month when the same day does not exist', () => {
    expect(sameDayMonthsLater('2026-03-15', 1)).toBe('2026-04-15');
    expect(sameDayMonthsLater('2026-01-31', 1)).toBe('2026-03-01');
    expect(sameDayMonthsLater('2026-01-29', 1)).toBe('2026-03-01');
    expect(sameDayMonthsLater('2028-01-29', 1)).toBe('2028-02-29');
    expect(sameDayMonthsLater('2026-03-31', 1)).toBe('2026-05-01');
    expect(sameDayMonthsLater('2026-11-30', 3)).toBe('2027-03-01');
    expect(sameDayMonthsLater('2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe('billing periods (both days included)', () => {
  it.each([
    ['monthly', '2026-03-15', '2026-04-14'],
    ['monthly', '2026-01-01', '2026-01-31'],
    // February has no 31st: the period runs to its end, the next one starts on 1 March.
    ['monthly', '2026-01-31', '2026-02-28'],
    ['monthly', '2028-01-31', '2028-02-29'],
    ['monthly', '2026-02-28', '2026-03-27'],
    ['monthly', '2026-12-20', '2027-01-19'],
    ['quarterly', '2026-01-31', '2026-04-30'],
    ['quarterly', '2026-11-30', '2027-02-28'],
    ['quarterly', '2026-10-01', '2026-12-31'],
    ['annual', '2026-01-31', '2027-01-30'],
    ['annual', '2028-02-29', '2029-02-28'],
    ['annual', '2026-01-01', '2026-12-31'],
  ] as const)('%s from %s runs to %s', (plan, start, end) => {
    expect(billingPeriod(plan, start)).toEqual({ periodStart: start, periodEnd: end });
  });

  it('chains: each renewal starts the day after the last one ended', () => {
    let start = '2026-01-31';
    const ends: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { periodEnd } = billingPeriod('monthly', start);
      ends.push(periodEnd);
      start = addDays(periodEnd, 1);
    }
    expect(ends).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });

  it('gives access from 00:00 of the first day to the end of the last day, Gulf time', () => {
    const { startsAt, endsAt } = periodInstants({ periodStart: '2026-01-31', periodEnd: '2026-02-28' });
    expect(startsAt.toISOString()).toBe('2026-01-30T20:00:00.000Z');
    expect(endsAt.toISOString()).toBe('2026-02-28T20:00:00.000Z');
    expect(lastDayBefore(endsAt)).toBe('2026-02-28');
    expect(gulfDate(endsAt)).toBe('2026-03-01');
  });
});

import { describe, expect, it } from 'vitest';
import { formatAed, LOWEST_MONTHLY_PRICE_FILS, PLANS, planPeriodPriceFils } from './constants.ts';

describe('plans', () => {
  it('bills each period at its monthly price', () => {
    expect(formatAed(PLANS.monthly.monthlyPriceFils)).toBe('500');
    expect(formatAed(planPeriodPriceFils(PLANS.monthly))).toBe('500');
    expect(formatAed(planPeriodPriceFils(PLANS.quarterly))).toBe('1,350');
    expect(formatAed(planPeriodPriceFils(PLANS.annual))).toBe('4,800');
  });

  it('advertises the lowest monthly price', () => {
    expect(formatAed(LOWEST_MONTHLY_PRICE_FILS)).toBe('400');
  });

  it('prints fils when an amount is not whole', () => {
    expect(formatAed(1250)).toBe('12.50');
    expect(formatAed(52_500)).toBe('525');
  });
});

import { describe, expect, it } from 'vitest';
import { referenceLetters } from '#shared/company.ts';
import { parseAmount } from './awaiting-payments.ts';

describe('an amount as people and banks write it', () => {
  it.each([
    ['1417.50', 141_750, false],
    ['1,417.50', 141_750, false],
    ['1417.5', 141_750, false],
    ['1417,50', 141_750, false],
    ['1 417,50', 141_750, false],
    ['1\u202f417,50', 141_750, false],
    ['1.417,50', 141_750, false],
    ["1'417.50", 141_750, false],
    ['AED 1,417.50', 141_750, false],
    ['1,417.50 AED', 141_750, false],
    ['١٤١٧٫٥٠', 141_750, false],
    ['1417', 141_700, true],
    ['1,417', 141_700, true],
    ['1,234,567.05', 123_456_705, false],
    ['525', 52_500, true],
  ])('reads %s as %i fils', (text, fils, wholeAed) => {
    expect(parseAmount(text)).toEqual({ fils, wholeAed });
  });

  it.each(['', 'FT26032200777', 'INV-2026-000001', '14,17.50', '1417.505', '1,417,50', '1.417.50', '1 4', '-5', '1e3', '99999999999999'])(
    'finds no amount in %j',
    (text) => {
      expect(parseAmount(text)).toBeNull();
    },
  );
});

it('keeps the letters and digits of a reference', () => {
  expect(referenceLetters('FT 2603-2200/777')).toBe('ft26032200777');
});

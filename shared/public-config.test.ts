import { describe, expect, it } from 'vitest';
import { isEarlyAccessActive } from './public-config.ts';

describe('isEarlyAccessActive', () => {
  it('runs through the whole last day, Gulf time (UTC+4)', () => {
    expect(isEarlyAccessActive('2025-11-15', new Date('2025-11-15T19:59:59.999Z'))).toBe(true);
    expect(isEarlyAccessActive('2025-11-15', new Date('2025-11-15T20:00:00.000Z'))).toBe(false);
  });

  it('is over a year later', () => {
    expect(isEarlyAccessActive('2025-11-15', new Date('2026-11-22T10:00:00Z'))).toBe(false);
  });
});

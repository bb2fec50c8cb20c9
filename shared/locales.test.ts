import { describe, expect, it } from 'vitest';
import { pickLocale } from './locales.ts';

describe('pickLocale', () => {
  it('takes the first supported language by its primary subtag, Filipino as Tagalog, else English', () => {
    expect(pickLocale(['ar-AE', 'en-US'])).toBe('ar');
    expect(pickLocale(['de-DE', 'ur-PK'])).toBe('ur');
    expect(pickLocale(['fil-PH'])).toBe('tl');
    expect(pickLocale(['ML_in'])).toBe('ml');
    expect(pickLocale(['de', 'fr'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });
});

import { describe, expect, it } from 'vitest';
import { acceptedLanguages, pickLocale } from './locales.ts';

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

describe('acceptedLanguages', () => {
  it('orders by q, keeps the order among equals, and drops q=0 and *', () => {
    expect(acceptedLanguages('en-US,en;q=0.9,ar-AE;q=0.95,fr;q=0,*;q=0.1')).toEqual(['en-US', 'ar-AE', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(pickLocale(acceptedLanguages('de-DE, hi-IN;q=0.8'))).toBe('hi');
  });
});

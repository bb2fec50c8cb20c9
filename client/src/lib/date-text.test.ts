import { describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/locales.ts';
import { dateText, dateTimeText } from './date-text';

const LATIN_LETTER = /[A-Za-z]/;
// Morning, afternoon and night in Dubai (UTC+4), where AM and PM differ.
const INSTANTS = ['2025-11-15T03:05:00Z', '2025-11-15T11:45:00Z', '2025-11-15T17:05:00Z'];
const NOT_LATIN = LOCALES.filter((locale) => locale !== 'en' && locale !== 'tl');

describe('dates and times in the reader\'s language', () => {
  it.each(NOT_LATIN)('%s: a date and time has no Latin letter (no "pm" in a Hindi date)', (language) => {
    for (const instant of INSTANTS) {
      for (const style of ['long', 'short'] as const) {
        const text = dateTimeText(language, instant, style, 'Asia/Dubai');
        expect(text, `${language} ${instant} ${style}`).not.toMatch(LATIN_LETTER);
      }
    }
    expect(dateText(language, '2025-11-15')).not.toMatch(LATIN_LETTER);
    expect(dateText(language, '2025-11-15', 'short')).not.toMatch(LATIN_LETTER);
  });

  it('says the time of day in the language\'s own words where its AM/PM would be Latin', () => {
    expect(dateTimeText('hi', INSTANTS[1]!, 'long', 'Asia/Dubai')).toBe('15 नवंबर 2025 को दोपहर 3:45 बजे');
    expect(dateTimeText('ur', INSTANTS[2]!, 'long', 'Asia/Dubai')).toContain('9:05 رات');
    // Arabic's own ص/م are kept.
    expect(dateTimeText('ar', INSTANTS[1]!, 'long', 'Asia/Dubai')).toBe('15 نوفمبر 2025 في 3:45 م');
  });

  it('keeps AM and PM in English and Tagalog', () => {
    expect(dateTimeText('en', INSTANTS[1]!, 'long', 'Asia/Dubai')).toBe('November 15, 2025 at 3:45 PM');
    expect(dateTimeText('tl', INSTANTS[1]!, 'short', 'Asia/Dubai')).toBe('Nob 15, 2025, 3:45 PM');
  });

  it('shows a calendar date as that day in every time zone', () => {
    expect(dateText('en', '2025-11-15')).toBe('November 15, 2025');
    expect(dateText('en', '2025-11-15', 'short')).toBe('Nov 15, 2025');
  });
});

import { describe, expect, it } from 'vitest';
import { salesRequestSchema } from './sales-request.ts';
import { text } from './text.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('text', () => {
  const name = text('Full name');
  const bio = text('Introduction', { multiline: true });

  it.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['NEL (C1)', '\u0085'],
    ['CSI (C1)', '\u009b'],
  ])('refuses %s anywhere, in one-line and multi-line fields', (_name, control) => {
    expect(messageOf(name.safeParse(`Amina${control}Yusuf`))).toBe('Full name must not contain control characters');
    expect(messageOf(bio.safeParse(`Five years${control} in hotels`))).toBe('Introduction must not contain control characters');
  });

  it('lets multi-line fields keep line breaks and tabs, and no other field', () => {
    expect(bio.parse('First line\r\n\tsecond line\nthird')).toBe('First line\r\n\tsecond line\nthird');
    for (const control of ['\n', '\r', '\t']) {
      expect(messageOf(name.safeParse(`Amina${control}Yusuf`))).toBe('Full name must not contain control characters');
    }
  });

  it('trims first, so whitespace around the text is dropped rather than refused', () => {
    expect(name.parse('\t Amina Yusuf \n')).toBe('Amina Yusuf');
  });

  it('keeps a password as typed', () => {
    expect(text('Password', { trim: false }).parse(' secret ')).toBe(' secret ');
  });

  it('takes the marks and spaces of written text, which are not control characters', () => {
    // Right-to-left mark, zero-width non-joiner, no-break space: Arabic and Persian names use them.
    expect(name.parse('\u200fأمينة\u200c يوسف\u00a0')).toBe('\u200fأمينة\u200c يوسف');
  });
});

describe('the sales request form', () => {
  it('refuses control characters with the field name', () => {
    const request = { companyName: 'Desert\u0000Rose', contactPerson: 'Layla', email: 'layla@example.com', phone: '+971 55 123 4567', plan: 'monthly' };
    expect(messageOf(salesRequestSchema.safeParse(request))).toBe('Company name must not contain control characters');
    expect(salesRequestSchema.safeParse({ ...request, companyName: 'Desert Rose', message: 'Line one\nline two' }).success).toBe(true);
  });
});

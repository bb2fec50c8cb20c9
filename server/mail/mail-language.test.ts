import { describe, expect, it } from 'vitest';
import { mailLanguage } from './mail-language.ts';
import { verifyEmailTemplate } from './templates.ts';
import { subscriptionReminderTemplate } from './company-templates.ts';
import { profileApprovedTemplate } from './review-templates.ts';

describe('e-mails in the recipient\'s language', () => {
  it('writes English as before when the account reads English or an unknown language', () => {
    for (const locale of ['en', 'xx', null, undefined]) {
      const mail = verifyEmailTemplate({ productName: 'Wazifa', name: 'Ravi', link: 'https://x.example/v?token=t', locale });
      expect(mail.subject).toBe('Confirm your e-mail address for Wazifa');
      expect(mail.html).toContain('<html lang="en" dir="ltr">');
    }
  });

  it('writes Arabic right to left, names and the product isolated in their own direction', () => {
    const mail = verifyEmailTemplate({ productName: 'Wazifa', name: 'Ravi', link: 'https://x.example/v?token=t', locale: 'ar' });
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.subject).toMatch(/[\u0600-\u06ff]/);
    expect(mail.subject).toContain('\u2068Wazifa\u2069');
    expect(mail.text).toContain('\u2068Ravi\u2069');
    expect(mail.text).not.toContain('Thank you');
  });

  it('writes the e-mails to job seekers in each language of the workforce', () => {
    const scripts: Record<string, RegExp> = { hi: /[\u0900-\u097f]/, ur: /[\u0600-\u06ff]/, bn: /[\u0980-\u09ff]/, ne: /[\u0900-\u097f]/, ml: /[\u0d00-\u0d7f]/, tl: /\b(ang|ng|mo|ka)\b/ };
    for (const [locale, script] of Object.entries(scripts)) {
      const mail = profileApprovedTemplate({ productName: 'Wazifa', name: 'Ravi', link: 'https://x.example/profile', locale });
      expect(mail.subject, locale).toMatch(script);
      expect(mail.text, locale).not.toContain('Good news');
      expect(mail.html, locale).toContain(`<html lang="${locale}" dir="${locale === 'ur' ? 'rtl' : 'ltr'}">`);
    }
  });

  it('falls back to English for a text a language does not have (company e-mails in Hindi)', () => {
    const mail = subscriptionReminderTemplate({ productName: 'Wazifa', contactPerson: 'Omar', lastDay: '2026-03-31', daysLeft: 7, link: 'https://x.example', locale: 'hi' });
    expect(mail.subject).toBe('Your Wazifa subscription ends in 7 days');
    // The date is still the reader's.
    expect(mail.text).toContain('31 मार्च 2026');
  });

  it('takes the plural form of the language for counts', () => {
    expect(mailLanguage('en').t('subscriptionReminder.when', { count: 1 })).toBe('in 1 day');
    expect(mailLanguage('en').t('subscriptionReminder.when', { count: 7 })).toBe('in 7 days');
    const arabic = mailLanguage('ar');
    const forms = new Set([1, 2, 3, 11, 100].map((count) => arabic.t('subscriptionReminder.when', { count })));
    expect(forms.size).toBe(5);
  });

  it('writes amounts and dates for the language', () => {
    expect(mailLanguage('en').money(141_750)).toBe('AED 1,417.50');
    expect(mailLanguage('en').date('2026-02-28')).toBe('28 February 2026');
    expect(mailLanguage('ar').money(135_000)).toMatch(/1,350/);
    expect(mailLanguage('ar').money(135_000)).toContain('د.إ.');
    expect(mailLanguage('ar').date('2026-02-28')).toContain('فبراير');
  });

  it('refuses a text that is missing or a value a text needs, rather than sending a broken e-mail', () => {
    expect(() => mailLanguage('en').t('verifyEmail.nothing')).toThrow(/No e-mail text/);
    expect(() => mailLanguage('en').t('verifyEmail.subject')).toThrow(/needs \{\{productName\}\}/);
  });
});

import { describe, expect, it } from 'vitest';
import { escapeHtml, passwordResetTemplate, verifyEmailTemplate } from './templates.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './worker.ts';

describe('e-mail templates', () => {
  it('puts the link in both parts and escapes names in HTML', () => {
    const mail = verifyEmailTemplate({ productName: 'Wazifa', name: `<b>&"'`, link: 'https://wazifa.example/verify-email?token=abc' });
    expect(mail.subject).toBe('Confirm your e-mail address for Wazifa');
    expect(mail.text).toContain('https://wazifa.example/verify-email?token=abc');
    expect(mail.html).toContain('href="https://wazifa.example/verify-email?token=abc"');
    expect(mail.html).toContain('Hello &lt;b&gt;&amp;&quot;&#39;,');
    expect(mail.html).not.toContain('<b>&');
  });

  it('says the confirmation link asks for a password when it will', () => {
    const asks = verifyEmailTemplate({ productName: 'Wazifa', link: 'https://x.example/verify-email?token=t', choosePassword: true });
    expect(asks.text).toContain('You will choose your password again when you confirm.');
    expect(asks.html).toContain('You will choose your password again when you confirm.');
    const plain = verifyEmailTemplate({ productName: 'Wazifa', link: 'https://x.example/verify-email?token=t' });
    expect(plain.text).not.toContain('password');
  });

  it('says how long a reset link works', () => {
    const mail = passwordResetTemplate({ productName: 'Wazifa', link: 'https://x.example/reset-password?token=t', validMinutes: 60 });
    expect(mail.subject).toBe('Reset your Wazifa password');
    expect(mail.text).toContain('for 60 minutes');
    expect(mail.text).toContain('Hello,');
  });

  it('escapes every HTML special character', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('retry schedule', () => {
  it('backs off 1 min, 5 min, 30 min, 2 h, 12 h, then gives up', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeUndefined();
  });
});

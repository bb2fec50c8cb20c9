import { describe, expect, it } from 'vitest';
import { fillSecrets, HIDDEN_LINK, redactSecrets } from './secrets.ts';
import { escapeHtml, passwordResetTemplate, secretPlaceholder, verifyEmailTemplate } from './templates.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './worker.ts';

describe('e-mail templates', () => {
  it('puts the link in both parts and escapes names in HTML', () => {
    const mail = verifyEmailTemplate({ productName: 'Wazifa', name: `<b>&"'`, link: 'https://wazifa.example/verify-email?token=abc&x=1' });
    expect(mail.subject).toBe('Confirm your e-mail address for Wazifa');
    expect(fillSecrets(mail.text, mail.secrets!, 'text')).toContain('https://wazifa.example/verify-email?token=abc&x=1');
    expect(fillSecrets(mail.html, mail.secrets!, 'html')).toContain('href="https://wazifa.example/verify-email?token=abc&amp;x=1"');
    expect(mail.html).toContain('Hello &lt;b&gt;&amp;&quot;&#39;,');
    expect(mail.html).not.toContain('<b>&');
  });

  it('keeps the links that act for the recipient out of the message, as secrets filled in at delivery', () => {
    for (const mail of [
      verifyEmailTemplate({ productName: 'Wazifa', link: 'https://wazifa.example/verify-email?token=v3r1fy' }),
      passwordResetTemplate({ productName: 'Wazifa', link: 'https://wazifa.example/reset-password?token=r3s3t', validMinutes: 60 }),
    ]) {
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/v3r1fy|r3s3t/);
      expect(redactSecrets(mail.text)).toContain(HIDDEN_LINK);
      expect(redactSecrets(mail.html)).toContain(`href="${HIDDEN_LINK}"`);
      expect(fillSecrets(mail.text, mail.secrets!, 'text')).toMatch(/https:\/\/wazifa\.example\/(verify-email|reset-password)\?token=(v3r1fy|r3s3t)\n/);
    }
  });

  it('fills in only the secrets it was given, and lets a "$&" in a value stay text', () => {
    const body = `${secretPlaceholder('link')} ${secretPlaceholder('other')}`;
    expect(fillSecrets(body, { link: 'https://x.example/?token=$&' }, 'text')).toBe(`https://x.example/?token=$& ${secretPlaceholder('other')}`);
    expect(redactSecrets(body)).toBe(`${HIDDEN_LINK} ${HIDDEN_LINK}`);
  });

  it('says the confirmation link confirms at once where the account signed up, and asks for a password elsewhere', () => {
    const asks = verifyEmailTemplate({ productName: 'Wazifa', link: 'https://x.example/verify-email?token=t', passwordPredatesProof: true });
    const elsewhere = 'Opened in the browser you signed up in, the link confirms at once. On another device, you will enter the password you chose when signing up, or choose a new one.';
    expect(asks.text).toContain(elsewhere);
    expect(asks.html).toContain(elsewhere);
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

import { describe, expect, it } from 'vitest';
import { formatDuration, formatMoment, incidentOpenedTemplate, incidentResolvedTemplate } from './incident-templates.ts';

const base = { productName: 'Wazifa', publicUrl: 'https://wazifa.example' };
const MINUTE = 60_000;

describe('incident e-mails', () => {
  it('writes moments in UTC and lengths of time in their two largest units', () => {
    expect(formatMoment(new Date('2026-03-01T23:04:59Z'))).toBe('1 March 2026 at 23:04 UTC');
    expect(formatDuration(20_000)).toBe('less than a minute');
    expect(formatDuration(MINUTE)).toBe('1 minute');
    expect(formatDuration(45 * MINUTE)).toBe('45 minutes');
    expect(formatDuration(60 * MINUTE)).toBe('1 hour');
    expect(formatDuration(125 * MINUTE)).toBe('2 hours 5 minutes');
    expect(formatDuration((24 * 60 + 61) * MINUTE)).toBe('1 day 1 hour');
    expect(formatDuration(3 * 24 * 60 * MINUTE + 5 * MINUTE)).toBe('3 days');
  });

  it("keeps the error's markup as text in HTML and on one line in the text", () => {
    const mail = incidentOpenedTemplate({
      ...base,
      name: 'Layla <b>',
      incident: {
        kind: 'backup_failed',
        detail: { since: '2026-03-01T23:04:00Z', startedAt: '2026-03-01T23:00:00Z', trigger: 'command', outcome: 'failed', error: '<script>x</script>\nsecond line' },
      },
    });
    expect(mail.text).toContain('The backup of Wazifa that started on 1 March 2026 at 23:00 UTC failed');
    expect(mail.text).toContain('The error: <script>x</script> second line');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hello Layla &lt;b&gt;,');
  });

  it('counts e-mails and videos in words that agree with the number', () => {
    const emails = incidentOpenedTemplate({ ...base, incident: { kind: 'emails_failing', detail: { since: '2026-03-01T07:30:00Z', emails: 3, lastError: '' } } });
    expect(emails.text).toContain('3 e-mails have not been delivered for over an hour');
    expect(emails.text).toContain("The mail server's last answer: none");
    const videos = incidentOpenedTemplate({ ...base, incident: { kind: 'video_job_stuck', detail: { since: '2026-03-01T07:30:00Z', videos: 2 } } });
    expect(videos.text).toContain('2 videos have waited more than an hour');
    expect(videos.text).toMatch(/^Hello,/);
  });

  it('says how long it lasted, and links to the same page as the opening', () => {
    const mail = incidentResolvedTemplate({
      ...base,
      kind: 'video_job_stuck',
      since: new Date('2026-03-01T07:00:00Z'),
      resolvedAt: new Date('2026-03-01T07:40:00Z'),
    });
    expect(mail.subject).toBe('Resolved: Videos are stuck on Wazifa');
    expect(mail.text).toContain('It lasted 40 minutes, from 1 March 2026 at 07:00 UTC to 1 March 2026 at 07:40 UTC.');
    expect(mail.text).toContain('Open the Videos page: https://wazifa.example/admin/videos');
    expect(mail.html).toContain('href="https://wazifa.example/admin/videos"');
  });
});

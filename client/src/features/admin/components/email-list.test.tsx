import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { AdminEmail, Page } from '#shared/admin.ts';
import { answerRequests } from '@/test/api-answers';
import { renderForReader } from '@/test/render';
import { EmailList } from './email-list';

const email: AdminEmail = {
  id: 'e1',
  to: 'owner1@acme-qa.test',
  subject: 'Confirm your e-mail address for Wazifa',
  template: 'verify_email',
  status: 'logged',
  attempts: 1,
  lastError: null,
  createdAt: '2026-12-07T01:39:00.000Z',
  sentAt: '2026-12-07T01:39:01.000Z',
  nextAttemptAt: '2026-12-07T01:39:00.000Z',
};

describe('the outbox', () => {
  it('sets the address, the template and the date each in its own direction, so that in Arabic none runs into another', async () => {
    answerRequests({ '/api/admin/emails': { items: [email], total: 1, nextCursor: null } satisfies Page<AdminEmail> });
    await renderForReader(<EmailList />, { language: 'ar', namespaces: ['admin'] });
    const subject = await screen.findByText(email.subject);
    const line = subject.closest('button')!.querySelector('span.block:last-child')!;
    const values = [...line.querySelectorAll('bdi')];
    expect(values.map((value) => [value.textContent, value.getAttribute('dir')])).toEqual([
      ['owner1@acme-qa.test', 'ltr'],
      ['verify_email', 'ltr'],
      // The date in the reader's language, its direction its own (Arabic's, here), on one line.
      [expect.stringMatching(/2026/), null],
    ]);
    expect(values[2]).toHaveClass('whitespace-nowrap');
    // Nothing but the separators between them.
    expect(line.textContent).toBe(values.map((value) => value.textContent).join(' · '));
  });
});

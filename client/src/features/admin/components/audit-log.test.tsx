import { screen } from '@testing-library/preact';
import { expect, it } from 'vitest';
import type { AuditEntry, Page } from '#shared/admin.ts';
import { answerRequests } from '@/test/api-answers';
import { renderForReader } from '@/test/render';
import { AuditLog } from './audit-log';

const entry: AuditEntry = {
  id: 7,
  at: '2026-12-07T06:15:00.000Z',
  action: 'payment.verify',
  subjectType: 'invoice',
  subjectId: '0b6f1c52-3f4e-4a8e-9d7c-2f5a1e6b8c90',
  details: { bankReference: 'FT-2026-88', amountFils: 141750 },
  actor: { id: 'admin-1', email: 'ops@wazifa.example' },
};

it('keeps the codes, the address and the details left to right in Arabic, so the JSON reads as written', async () => {
  answerRequests({ '/api/admin/audit': { items: [entry], total: 1, nextCursor: null } satisfies Page<AuditEntry> });
  await renderForReader(<AuditLog />, { language: 'ar', namespaces: ['admin'] });
  const details = await screen.findByText(JSON.stringify(entry.details));
  expect(details).toHaveAttribute('dir', 'ltr');
  for (const value of ['payment.verify', 'ops@wazifa.example', 'invoice', entry.subjectId]) {
    expect(screen.getByText(value).closest('bdi')).toHaveAttribute('dir', 'ltr');
  }
});

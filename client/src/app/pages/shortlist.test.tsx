import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { ShortlistEntry } from '#shared/candidates.ts';
import { answerRequests } from '@/test/api-answers';
import { aCandidate } from '@/test/candidates';
import { aCompany } from '@/test/invoices';
import { signedInJobSeeker } from '@/test/current-user';
import { renderForReader } from '@/test/render';
import ShortlistPage from './shortlist';

describe('the shortlist', () => {
  it('shows each note in its own direction: an English note on an Arabic page keeps its full stop at its end', async () => {
    const entry: ShortlistEntry = { ...aCandidate({ shortlisted: true }), note: 'Called him on Monday; ready to start.', noteBy: 'owner1@acme-qa.test', savedAt: '2026-12-07T05:39:00.000Z' };
    answerRequests({ '/api/shortlist': { items: [entry] } });
    await renderForReader(<ShortlistPage />, {
      language: 'ar',
      namespaces: ['candidates', 'options'],
      user: signedInJobSeeker({ role: 'company', company: aCompany(), companyRole: 'owner' }),
    });
    expect(await screen.findByText(entry.note!)).toHaveAttribute('dir', 'auto');
    expect(screen.getByText(entry.summary!)).toHaveAttribute('dir', 'auto');
    // Who wrote it, an address here, read left to right inside the Arabic sentence.
    const author = screen.getByText('owner1@acme-qa.test');
    expect(author.tagName).toBe('BDI');
    expect(author).toHaveAttribute('dir', 'ltr');
    expect(author.parentElement).toHaveTextContent('كتبها owner1@acme-qa.test.');
  });
});

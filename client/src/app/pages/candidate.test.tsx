import { screen } from '@testing-library/preact';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { answerRequests } from '@/test/api-answers';
import { aCandidate } from '@/test/candidates';
import { aCompany } from '@/test/invoices';
import { signedInJobSeeker } from '@/test/current-user';
import { renderForReader } from '@/test/render';
import CandidatePage from './candidate';

describe("a job seeker's page, for a company", () => {
  it('shows the bio in its own direction: an English bio on an Arabic page keeps its full stop at its end', async () => {
    const candidate = aCandidate();
    answerRequests({ [`/api/candidates/${candidate.id}`]: candidate });
    const { hook } = memoryLocation({ path: `/dashboard/candidates/${candidate.id}`, static: true });
    await renderForReader(
      <Router hook={hook}>
        <Route path="/dashboard/candidates/:id" component={CandidatePage} />
      </Router>,
      { language: 'ar', namespaces: ['candidates', 'options'], user: signedInJobSeeker({ role: 'company', company: aCompany(), companyRole: 'owner' }) },
    );
    expect(await screen.findByText(candidate.bio!)).toHaveAttribute('dir', 'auto');
  });
});

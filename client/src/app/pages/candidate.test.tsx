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

  it('writes the e-mail and the WhatsApp message in plain text, the employer link last and whole, in Arabic too', async () => {
    const candidate = aCandidate();
    answerRequests({ [`/api/candidates/${candidate.id}`]: candidate });
    const { hook } = memoryLocation({ path: `/dashboard/candidates/${candidate.id}`, static: true });
    const company = { ...aCompany(), slug: 'gulf-build' };
    await renderForReader(
      <Router hook={hook}>
        <Route path="/dashboard/candidates/:id" component={CandidatePage} />
      </Router>,
      { language: 'ar', namespaces: ['candidates', 'options'], user: signedInJobSeeker({ role: 'company', company, companyRole: 'owner' }) },
    );
    const whatsapp = new URL((await screen.findByRole('link', { name: 'واتساب' })).getAttribute('href')!);
    const mail = new URL(screen.getByRole('link', { name: /بريد/ }).getAttribute('href')!);
    for (const text of [whatsapp.searchParams.get('text')!, mail.searchParams.get('body')!, mail.searchParams.get('subject')!]) {
      expect(text).not.toMatch(/[\u2066-\u2069]/);
      expect(text).toContain(aCompany().companyName);
    }
    expect(whatsapp.searchParams.get('text')).toMatch(/\/employers\/gulf-build$/);
  });
});

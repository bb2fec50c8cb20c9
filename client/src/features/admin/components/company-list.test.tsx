import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { renderForReader } from '@/test/render';
import { CompanyList } from './company-list';

it('says a search found nothing under the chosen tab, and searches every company on request', async () => {
  const asked: string[] = [];
  vi.mocked(fetch).mockImplementation((input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url.search);
    const everywhere = url.searchParams.get('q') === 'gulf' && !url.searchParams.has('status');
    const items = everywhere ? [{ id: 'c1', companyName: 'Gulf Build', email: 'owner@gulfbuild.example', subscriptionStatus: 'active', openReports: 0, createdAt: '2026-12-01T09:00:00.000Z' }] : [];
    return Promise.resolve(new Response(JSON.stringify({ items, total: items.length, nextCursor: null }), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
  await renderForReader(<CompanyList />, { namespaces: ['admin'] });
  const user = userEvent.setup();
  await user.type(screen.getByRole('searchbox', { name: 'Search by company or e-mail' }), 'gulf{Enter}');
  expect(await screen.findByText('No company under “Awaiting payment” matches “gulf”.', { exact: false })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Search all companies' }));
  expect(await screen.findByText('Gulf Build')).toBeInTheDocument();
  await waitFor(() => expect(asked.at(-1)).toBe('?q=gulf'));
});

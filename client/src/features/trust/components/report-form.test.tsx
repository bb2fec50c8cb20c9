import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { doubleTap, holdRequests } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { ReportForm } from './report-form';

const COMPANY = { id: '0b6f1c52-3f4e-4a8e-9d7c-2f5a1e6b8c90', companyName: 'Gulf Builders' };

describe('the report form', () => {
  it('reports the company once, and blocks it once, when "Send Report" is tapped twice', async () => {
    const network = holdRequests();
    const reports = () => network.sent('POST /api/reports');
    const onDone = vi.fn();
    await renderForReader(<ReportForm company={COMPANY} onDone={onDone} />, { namespaces: ['trust', 'uploader', 'validation'] });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'They asked me for money' }));
    await user.type(screen.getByRole('textbox', { name: 'What happened, in your words' }), 'They asked for 500 AED for a visa.');

    await doubleTap(screen.getByRole('button', { name: 'Send Report' }), reports);
    expect(reports()).toBe(1);

    network.answer(201, { id: 'report-1' });
    await waitFor(() => expect(network.sent(`PUT /api/job-seeker/blocks/${COMPANY.id}`)).toBe(1));
    network.answer(204);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(reports()).toBe(1);
  });
});

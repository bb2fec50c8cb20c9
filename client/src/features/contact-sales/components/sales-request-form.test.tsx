import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { doubleTap, holdRequests } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { SalesRequestForm } from './sales-request-form';

const plan = () => screen.getByRole<HTMLSelectElement>('combobox', { name: /Plan/ });

describe('the sales request form', () => {
  it('starts with the plan chosen on the pricing section', async () => {
    await renderForReader(<SalesRequestForm plan="quarterly" onSent={() => {}} />, { language: 'en', namespaces: ['contact-sales'] });
    expect(plan().value).toBe('quarterly');
  });

  it('asks for a plan when none was chosen, rather than showing the first as chosen', async () => {
    await renderForReader(<SalesRequestForm onSent={() => {}} />, { language: 'en', namespaces: ['contact-sales'] });
    expect(plan().value).toBe('');
    expect(plan().selectedOptions[0]).toHaveTextContent('Choose a plan');
  });
});

describe('sending the request', () => {
  it('sends it once when "Send Request" is tapped twice before the first has been answered', async () => {
    const network = holdRequests();
    const sent = () => network.sent('POST /api/sales-requests');
    const onSent = vi.fn();
    await renderForReader(<SalesRequestForm plan="annual" onSent={onSent} />, { language: 'en', namespaces: ['contact-sales', 'validation'] });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: /Company name/ }), 'Gulf Builders');
    await user.type(screen.getByRole('textbox', { name: /Contact person/ }), 'Sara Ahmed');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'sara@gulfbuilders.example');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '+971 4 123 4567');

    await doubleTap(screen.getByRole('button', { name: 'Send Request' }), sent);
    expect(sent()).toBe(1);

    network.answer(201, { id: 'request-1' });
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(sent()).toBe(1);
  });
});

import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { doubleTap, holdRequests } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { VerifyPaymentForm } from './verify-payment-form';

const INVOICE = {
  id: 'invoice-1',
  number: 'INV-2026-0001',
  totalFils: 1_200_000,
  paymentDeclaration: { transferDate: '2026-12-01', bankReference: 'FT2612010001', declaredAt: '2026-12-01T09:00:00.000Z' },
};

describe('the verify-payment form', () => {
  it('verifies the payment once when "Verify and activate" is tapped twice before the first has been answered', async () => {
    const network = holdRequests();
    const sent = () => network.sent('POST /api/admin/companies/company-1/verify-payment');
    await renderForReader(<VerifyPaymentForm company={{ id: 'company-1', companyName: 'Gulf Builders' }} invoices={[INVOICE]} />, {
      namespaces: ['admin'],
    });
    await doubleTap(screen.getByRole('button', { name: 'Verify and activate' }), sent);
    expect(sent()).toBe(1);

    network.answer(200, {});
    expect(await screen.findByText('Gulf Builders is active')).toBeTruthy();
    expect(sent()).toBe(1);
  });
});

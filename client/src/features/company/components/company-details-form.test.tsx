import { screen } from '@testing-library/preact';
import { expect, it } from 'vitest';
import type { CompanyView } from '#shared/company.ts';
import { doubleTap, holdRequests } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { CompanyDetailsForm } from './company-details-form';

const COMPANY = {
  companyName: 'Gulf Builders',
  contactPerson: 'Sara Ahmed',
  phone: '+97141234567',
  email: 'sara@gulfbuilders.example',
  tradeLicenceNumber: null,
  vatNumber: null,
} as unknown as CompanyView;

it('saves the details once when "Save Details" is tapped twice: each answer said so in a toast of its own', async () => {
  const network = holdRequests();
  const sent = () => network.sent('PATCH /api/company/profile');
  await renderForReader(<CompanyDetailsForm company={COMPANY} />, { namespaces: ['company', 'validation'] });

  await doubleTap(screen.getByRole('button', { name: 'Save Details' }), sent);
  expect(sent()).toBe(1);

  network.answer(200, COMPANY);
  expect(await screen.findByText('Your company details are saved.')).toBeTruthy();
  expect(sent()).toBe(1);
});

import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CompanyOnboarding } from '#shared/company.ts';
import { doubleTap } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { OnboardingForm } from './onboarding-form';

describe('the onboarding form', () => {
  it('sends the company once when "Continue to Invoice" is tapped twice before the first has been answered', async () => {
    let answer!: () => void;
    const onSubmit = vi.fn((_values: CompanyOnboarding) => new Promise<void>((resolve) => (answer = resolve)));
    await renderForReader(
      <OnboardingForm
        defaults={{ companyName: 'Gulf Builders', contactPerson: 'Sara Ahmed', phone: '+971 4 123 4567', email: 'sara@gulfbuilders.example' }}
        pending={false}
        onSubmit={onSubmit}
      />,
      { namespaces: ['company', 'legal', 'validation'] },
    );
    const button = screen.getByRole('button', { name: 'Continue to Invoice' });
    await doubleTap(button, () => onSubmit.mock.calls.length);
    // The second was refused as a company that already exists, its error toast on the invoice's page.
    expect(onSubmit).toHaveBeenCalledTimes(1);

    // Once answered (a refusal, say), it may be sent again.
    answer();
    await userEvent.setup({ delay: null }).click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });
});

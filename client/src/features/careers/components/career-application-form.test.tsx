import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DocumentUploadProps } from '@/components/upload/document-upload';
import { doubleTap, holdRequests } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { CareerApplicationForm } from './career-application-form';

// The upload has its own tests: here its button hands the form a resume at once.
vi.mock('@/components/upload/document-upload', () => ({
  DocumentUpload: ({ labels, onUploaded }: DocumentUploadProps) => (
    <button type="button" onClick={() => onUploaded('/objects/resume/0b6f1c52-3f4e-4a8e-9d7c-2f5a1e6b8c90')}>
      {labels.choose}
    </button>
  ),
}));

describe('the career application form', () => {
  it('sends the application once when "Submit Application" is tapped twice before the first has been answered', async () => {
    const network = holdRequests();
    const sent = () => network.sent('POST /api/career-application');
    await renderForReader(<CareerApplicationForm />, { namespaces: ['careers', 'validation'] });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: /Full Name/ }), 'Ravi Kumar');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ravi@example.com');
    await user.click(screen.getByRole('button', { name: 'Upload Resume' }));

    await doubleTap(screen.getByRole('button', { name: 'Submit Application' }), sent);
    expect(sent()).toBe(1);

    network.answer(201, { id: 'application-1' });
    expect(await screen.findByText('Application Submitted')).toBeTruthy();
    expect(sent()).toBe(1);
  });
});

import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OwnProfile, ProfileSubmission } from '#shared/profile.ts';
import hindiProfile from '@/locales/hi/profile.json';
import hindiMessages from '@/locales/hi/validation.json';
import { savedProfile, signedInJobSeeker } from '@/test/current-user';
import { renderForReader } from '@/test/render';
import { ProfileForm } from './profile-form';

const SIGNED_IN = signedInJobSeeker();

/** A profile sent for review earlier, with its CV and video. */
const SAVED = savedProfile();

async function showForm(options: { initial?: OwnProfile; language?: 'en' | 'hi' } = {}) {
  const onSubmit = vi.fn<(values: ProfileSubmission) => Promise<unknown>>(() => Promise.resolve());
  await renderForReader(
    <ProfileForm initial={options.initial} submitLabel="Send for review" pendingLabel="Sending..." pending={false} onSubmit={onSubmit} />,
    { language: options.language, namespaces: ['profile', 'options', 'uploader', 'validation'], user: SIGNED_IN },
  );
  return { onSubmit, user: userEvent.setup({ delay: null }) };
}

const messages = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);
const industries = () => screen.getByRole('group', { name: /^Industries/ });
const languages = () => screen.getByRole('group', { name: /^Languages/ });

describe('the profile form', () => {
  it('says what each required field lacks, next to it, and sends nothing', async () => {
    const { onSubmit, user } = await showForm();
    await user.click(screen.getByRole('button', { name: 'Send for review' }));

    const fullName = screen.getByRole('textbox', { name: 'Full Name' });
    expect(fullName).toHaveAttribute('aria-invalid', 'true');
    expect(fullName).toHaveAccessibleDescription('Full name must be at least 2 characters');
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveAccessibleDescription(
      'Your mobile number with its country code, as used on WhatsApp. Please enter a valid phone number',
    );
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveAccessibleDescription('Please select a location');
    expect(industries()).toHaveAccessibleDescription('Please select at least one industry');
    expect(languages()).toHaveAccessibleDescription('Please select at least one language');
    // The uploads say so at their fields in the same go, not only once the rest is right.
    expect(screen.getByLabelText(/^Introduction Video/)).toHaveAccessibleDescription(/Please upload your introduction video$/);
    expect(within(screen.getByRole('group', { name: 'CV' })).getByRole('button', { name: 'Upload CV' })).toHaveAccessibleDescription(/Please upload your CV$/);
    // The first of them in the page's order has the focus, and so is in view: the video, above the name.
    await waitFor(() => expect(screen.getByLabelText(/^Introduction Video/)).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps everything typed when it is refused, and clears each message once its field is right', async () => {
    const { onSubmit, user } = await showForm();
    const fullName = screen.getByRole('textbox', { name: 'Full Name' });
    const phone = screen.getByRole('textbox', { name: 'Phone Number' });
    const bio = screen.getByRole('textbox', { name: 'About You (optional)' });
    await user.type(fullName, 'A');
    await user.type(phone, '+44 20 7946 0958');
    await user.click(within(industries()).getByRole('checkbox', { name: 'Construction' }));
    await user.click(bio);
    await user.paste('Steel fixer on towers in Doha and Dubai.');
    await user.click(screen.getByRole('button', { name: 'Send for review' }));

    expect(messages()).toEqual([
      'Please upload your introduction video',
      'Full name must be at least 2 characters',
      'Please enter a mobile number from a GCC country, starting with its country code (for example +971)',
      'Please select a location',
      'Please select at least one language',
      'Please upload your CV',
    ]);
    expect(fullName).toHaveValue('A');
    expect(phone).toHaveValue('+44 20 7946 0958');
    expect(within(industries()).getByRole('checkbox', { name: 'Construction' })).toBeChecked();
    expect(bio).toHaveValue('Steel fixer on towers in Doha and Dubai.');
    // Each paragraph written takes its own direction, an English bio on an Arabic page too (the box's class says so;
    // layout is a browser's).
    expect(bio).toHaveClass('[unicode-bidi:plaintext]');

    // Each change is checked again as it is made; the check answers asynchronously (the schema's resolver).
    await user.type(fullName, 'mina Yusuf');
    await waitFor(() => expect(fullName).not.toHaveAttribute('aria-invalid'));
    await user.clear(phone);
    await user.paste('+971 50 123 4567');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'Dubai, UAE');
    await user.click(within(languages()).getByRole('checkbox', { name: 'Arabic' }));
    await waitFor(() => expect(messages()).toEqual(['Please upload your introduction video', 'Please upload your CV']));

    // All of it right but no CV yet: the form says so and still sends nothing. The CV's label names its group, whose
    // button carries its own name and is described by the hint.
    const cv = screen.getByRole('group', { name: 'CV' });
    expect(within(cv).getByRole('button', { name: 'Upload CV' })).toHaveAccessibleDescription(/PDF/);
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText('Missing CV')).toBeInTheDocument();
    // Only the uploads are missing: the first of them is brought into view with the focus.
    await waitFor(() => expect(screen.getByLabelText(/^Introduction Video/)).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows how much of the bio’s room is used once it is nearly full, and when it is over', async () => {
    const { user } = await showForm({ initial: SAVED });
    const bio = screen.getByRole('textbox', { name: 'About You (optional)' });
    expect(screen.queryByText(/\/ 2,000$/)).toBeNull();
    await user.clear(bio);
    await user.click(bio);
    await user.paste('x'.repeat(1900));
    expect(screen.getByText('1,900 / 2,000')).not.toHaveClass('text-red-700');
    await user.paste('x'.repeat(150));
    expect(screen.getByText('2,050 / 2,000')).toHaveClass('text-red-700');
  });

  it('opens "More about you" to show a field in it that is refused, where it was closed and gave no sign', async () => {
    const { onSubmit, user } = await showForm();
    const more = screen.getByText('More about you').closest('details')!;
    expect(more.open).toBe(false);
    more.open = true;
    const years = screen.getByRole('spinbutton', { name: 'Years of Experience (optional)' });
    await user.type(years, '60');
    more.open = false;
    await user.click(screen.getByRole('button', { name: 'Send for review' }));

    expect(more.open).toBe(true);
    expect(years).toHaveAccessibleDescription('Years of experience must be between 0 and 50');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the profile once when its button is tapped twice before the first has been answered', async () => {
    const { onSubmit, user } = await showForm({ initial: SAVED });
    let answer!: () => void;
    onSubmit.mockImplementation(() => new Promise<void>((resolve) => (answer = resolve)));
    await user.dblClick(screen.getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    // Once answered (a refusal, say), it may be sent again.
    answer();
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });

  it('speaks Hindi to a Hindi reader, messages included', async () => {
    const { user } = await showForm({ language: 'hi' });
    await user.type(screen.getByRole('textbox', { name: hindiProfile.form.phone }), '12345');
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(screen.getByRole('textbox', { name: hindiProfile.form.fullName })).toHaveAccessibleDescription(
      hindiMessages['Full name must be at least 2 characters'],
    );
    expect(messages()).toEqual([
      hindiProfile.form.missingVideo,
      hindiMessages['Full name must be at least 2 characters'],
      hindiMessages['Please enter a valid phone number'],
      hindiMessages['Please select a location'],
      hindiMessages['Please select at least one industry'],
      hindiMessages['Please select at least one language'],
      hindiProfile.form.missingCv,
    ]);
    expect(screen.getByRole('textbox', { name: hindiProfile.form.phone })).toHaveValue('12345');
    // Each currency by its code and its Hindi name: 'SAR' alone means nothing to one who does not read it.
    const currencies = within(screen.getByRole('combobox', { name: hindiProfile.form.salaryCurrency })).getAllByRole('option');
    expect(currencies.map((option) => option.textContent)).toEqual([
      hindiProfile.form.notSaid,
      ...['AED', 'SAR', 'QAR', 'BHD', 'KWD', 'OMR', 'USD'].map((code) => `${code} · ${new Intl.DisplayNames(['hi'], { type: 'currency' }).of(code)}`),
    ]);
    expect(currencies[2]).toHaveTextContent(/^SAR · सउदी रियाल$/);
  });

  it('edits a saved profile: refuses years out of range, then sends the corrected values with its CV', async () => {
    const { onSubmit, user } = await showForm({ initial: SAVED });
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Amina Yusuf');
    expect(within(languages()).getByRole('checkbox', { name: 'Arabic' })).toBeChecked();
    const years = screen.getByRole('spinbutton', { name: 'Years of Experience (optional)' });
    await user.clear(years);
    await user.type(years, '60');
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(years).toHaveAccessibleDescription('Years of experience must be between 0 and 50');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(years);
    await user.type(years, '6');
    await user.click(within(industries()).getByRole('checkbox', { name: 'Retail' }));
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(messages()).toEqual([]);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      fullName: 'Amina Yusuf',
      phone: '+971501234567',
      location: 'Dubai, UAE',
      industries: ['Hospitality', 'Retail'],
      languages: ['English', 'Arabic'],
      bio: 'Front desk, five years in Dubai hotels.',
      yearsOfExperience: 6,
      cvUrl: '/objects/cvs/amina.pdf',
    });
  });
});

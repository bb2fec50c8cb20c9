import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompanyTeam } from '#shared/company-team.ts';
import { doubleTap, holdRequests } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { TeamPanel } from './team-panel';

const OWNER = '0b6f1c52-3f4e-4a8e-9d7c-2f5a1e6b8c90';
const COLLEAGUE = '5d2e7a10-8c4b-4f3a-b1e9-6a7c3d2f1e08';
const TEAM: CompanyTeam = {
  seats: 5,
  used: 2,
  members: [
    { userId: OWNER, email: 'sara@gulfbuilders.example', name: 'Sara Ahmed', role: 'owner', joinedAt: '2026-11-01T09:00:00.000Z' },
    { userId: COLLEAGUE, email: 'omar@gulfbuilders.example', name: 'Omar Ali', role: 'member', joinedAt: '2026-11-02T09:00:00.000Z' },
  ],
  invitations: [],
};

async function showTeam() {
  const network = holdRequests();
  await renderForReader(<TeamPanel myRole="owner" myId={OWNER} />, { namespaces: ['team', 'validation'] });
  network.answer(200, TEAM);
  await screen.findByText('Omar Ali');
  return network;
}

describe('the team panel', () => {
  it('sends an invitation once when "Send Invitation" is tapped twice: the second was refused as already invited', async () => {
    const network = await showTeam();
    const sent = () => network.sent('POST /api/company/invitations');
    await userEvent.setup({ delay: null }).type(screen.getByRole('textbox', { name: "Colleague's e-mail" }), 'lina@gulfbuilders.example');

    await doubleTap(screen.getByRole('button', { name: 'Send Invitation' }), sent);
    expect(sent()).toBe(1);
  });

  it('says beside the address that its person is in the team already, and is ready for the next once one is sent', async () => {
    const network = await showTeam();
    const user = userEvent.setup({ delay: null });
    const email = screen.getByRole('textbox', { name: "Colleague's e-mail" });
    await user.type(email, 'omar@gulfbuilders.example');
    const sent = () => network.sent('POST /api/company/invitations');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(sent()).toBe(1));
    network.answer(409, { code: 'team.already_member', message: 'This person is already in your team' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('This person is already in your team'));
    expect(email).toHaveFocus();

    // Sent from the keyboard: the address box has the focus again for the next one.
    await user.clear(email);
    await user.type(email, 'lina@gulfbuilders.example');
    screen.getByRole('button', { name: 'Send Invitation' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent()).toBe(2));
    network.answer(201, { id: 'invitation-1', email: 'lina@gulfbuilders.example', role: 'member', expiresAt: '2026-12-14T09:00:00.000Z' });
    // The team is asked for again once the invitation is made.
    await waitFor(() => expect(network.sent('GET /api/company/team')).toBe(2));
    network.answer(200, TEAM);
    await waitFor(() => expect(email).toHaveValue(''));
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('gives the focus to the note that replaces the form when an invitation sent from the keyboard took the last seat', async () => {
    const network = await showTeam();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: "Colleague's e-mail" }), 'lina@gulfbuilders.example');
    screen.getByRole('button', { name: 'Send Invitation' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(network.sent('POST /api/company/invitations')).toBe(1));
    network.answer(201, { id: 'invitation-1', email: 'lina@gulfbuilders.example', role: 'member', expiresAt: '2026-12-14T09:00:00.000Z' });
    await waitFor(() => expect(network.sent('GET /api/company/team')).toBe(2));
    network.answer(200, { ...TEAM, used: 5 });
    await waitFor(() => expect(screen.getByText(/^All 5 seats of your plan are taken/)).toHaveFocus());
  });

  it('asks once more before removing a colleague, who would be signed out at once', async () => {
    const network = await showTeam();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Omar Ali' }));
    expect(network.sent(`DELETE /api/company/members/${COLLEAGUE}`)).toBe(0);
    expect(screen.getByRole('button', { name: 'Yes, remove Omar Ali from the team' })).toBeTruthy();
  });

  it('removes a colleague once when "Remove" is tapped twice: the second was refused, the colleague gone', async () => {
    const network = await showTeam();
    const sent = () => network.sent(`DELETE /api/company/members/${COLLEAGUE}`);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Omar Ali' }));
    await doubleTap(screen.getByRole('button', { name: 'Yes, remove Omar Ali from the team' }), sent);
    expect(sent()).toBe(1);
    network.answer(204);
    // The team is read again; the button is gone with its colleague.
    await waitFor(() => expect(network.sent('GET /api/company/team')).toBe(2));
    network.answer(200, { ...TEAM, used: 1, members: TEAM.members.slice(0, 1) });
    expect(await screen.findByText('Omar Ali is removed from the team and signed out.')).toBeTruthy();
    expect(sent()).toBe(1);
  });
});

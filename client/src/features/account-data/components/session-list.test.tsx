import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { SessionView } from '#shared/sessions.ts';
import { answerRequests } from '@/test/api-answers';
import { renderForReader } from '@/test/render';
import { SessionList } from './session-list';

const session: SessionView = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  current: true,
  browser: null,
  system: null,
  kind: null,
  network: '127.0.0.0/24',
  sameNetwork: true,
  signedInAt: '2026-12-07T05:39:00.000Z',
  lastSeenAt: '2026-12-07T05:39:00.000Z',
};

describe('the devices list', () => {
  it.each(['ar', 'ur'] as const)('keeps the network one unbroken left-to-right run (%s)', async (language) => {
    answerRequests({ '/api/auth/sessions': { items: [session] } });
    await renderForReader(<SessionList />, { language, namespaces: ['account-data'] });
    const network = await screen.findByText('127.0.0.0/24');
    expect(network.tagName).toBe('BDI');
    expect(network).toHaveAttribute('dir', 'ltr');
    // Broken anywhere, it read '1 / 27.0.0.0/24' at the end of a phone's line.
    expect(network).toHaveClass('whitespace-nowrap');
    expect(network).not.toHaveClass('break-all');
  });
});

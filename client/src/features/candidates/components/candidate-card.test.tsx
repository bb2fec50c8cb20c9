import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { aCandidate } from '@/test/candidates';
import { renderForReader } from '@/test/render';
import { CandidateCard } from './candidate-card';

describe("a job seeker's card", () => {
  it('shows the start of the bio in its own direction: an English bio on an Arabic page keeps its full stop at its end', async () => {
    const candidate = aCandidate();
    await renderForReader(<CandidateCard candidate={candidate} />, { language: 'ar', namespaces: ['candidates', 'options'] });
    expect(screen.getByText(candidate.summary!)).toHaveAttribute('dir', 'auto');
  });
});

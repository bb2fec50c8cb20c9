import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
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

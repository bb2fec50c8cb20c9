import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ltr, ltrValues } from './ltr-values';

const valuesOf = (text: string) => [...render(<p>{ltrValues(text)}</p>).container.querySelectorAll('bdi')];

describe('left-to-right values in a sentence', () => {
  it('keeps a short value (an invoice number) whole on one line, left to right', () => {
    const [number] = valuesOf(`المتوقع: 525 د.إ. بمرجع ${ltr('INV-2026-000002')}.`);
    expect(number).toHaveTextContent('INV-2026-000002');
    expect(number).toHaveAttribute('dir', 'ltr');
    // Broken at a hyphen in an Arabic sentence, it read '-INV-2026' / '000002'.
    expect(number).toHaveClass('whitespace-nowrap');
  });

  it('lets a long value (an address) break anywhere rather than push the page sideways', () => {
    const [address] = valuesOf(`أرسلنا رابطًا إلى ${ltr('someone.with.a.long.name@example-company.com')}.`);
    expect(address).toHaveAttribute('dir', 'ltr');
    expect(address).toHaveClass('[overflow-wrap:anywhere]');
    expect(address).not.toHaveClass('whitespace-nowrap');
  });
});

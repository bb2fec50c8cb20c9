import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { anInvoice } from '@/test/invoices';
import { renderForReader } from '@/test/render';
import { InvoiceDocument } from './invoice-document';

/** Text as read, without the isolates i18next puts around values in right-to-left languages. */
const read = (element: Element) => element.textContent!.replace(/[\u2068\u2069]/g, '');
/** Each term of a list of terms with its value. */
const lines = (list: Element) => [...list.querySelectorAll('dt')].map((term) => [read(term), read(term.nextElementSibling!)]);

describe('the tax invoice', () => {
  it('on a phone, stacks its line and its sums as label and value, each amount whole beside its label', async () => {
    await renderForReader(<InvoiceDocument invoice={anInvoice()} />, { namespaces: ['company'] });
    const stacked = await screen.findByRole('region', { name: 'Invoice lines / بنود الفاتورة' });
    const [line, sums] = stacked.querySelectorAll('dl');
    expect(lines(line!)).toEqual([
      ['Descriptionالوصف', expect.stringMatching(/^Quarterly subscription to the Job Seeker Database/)],
      ['Periodالفترة', expect.stringMatching(/^7 Dec 2026 – 6 Mar 2027/)],
      ['Amountالمبلغ', 'AED 1,350'],
    ]);
    expect(lines(sums!)).toEqual([
      ['Subtotalالمجموع الفرعي', 'AED 1,350'],
      ['VAT (5%)ضريبة القيمة المضافة (5٪)', 'AED 67.50'],
      ['Totalالإجمالي', 'AED 1,417.50'],
    ]);
    for (const amount of sums!.querySelectorAll('dd')) expect(amount).toHaveAttribute('dir', 'ltr');
  });

  it('prints as a table at any width, the stacked lines being for a phone’s screen only', async () => {
    await renderForReader(<InvoiceDocument invoice={anInvoice()} />, { language: 'ar', namespaces: ['company'] });
    const table = await screen.findByRole('table', { name: 'بنود الفاتورة / Invoice lines' });
    expect(table).toHaveClass('hidden', 'sm:table', 'print:table');
    expect(within(table).getByRole('rowheader', { name: /الإجمالي/ }).nextElementSibling).toHaveTextContent('AED 1,417.50');
    expect(screen.getByRole('region', { name: 'بنود الفاتورة / Invoice lines' })).toHaveClass('sm:hidden', 'print:hidden');
  });
});

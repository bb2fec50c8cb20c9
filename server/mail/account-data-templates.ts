// The e-mail that says a copy of someone's data is ready, in the recipient's language, with the signed link.
import { escapeHtml, greeting, layout, secretPlaceholder, type RenderedEmail } from './templates.ts';
import { mailLanguage } from './mail-language.ts';

export function dataExportReadyTemplate(input: {
  productName: string;
  name?: string | undefined;
  scope: 'person' | 'company';
  companyName?: string | undefined;
  link: string;
  hours: number;
  locale?: string | null;
}): RenderedEmail {
  const l = mailLanguage(input.locale);
  const { productName } = input;
  const link = secretPlaceholder('link');
  const ready = input.scope === 'company' ? l.t('dataExportReady.readyCompany', { productName, company: input.companyName ?? '' }) : l.t('dataExportReady.ready', { productName });
  const paragraphs = [greeting(input.name, l), ready, l.t('dataExportReady.expires', { count: input.hours })];
  const notYou = l.t('dataExportReady.notYou');
  return {
    subject: l.t('dataExportReady.subject', { productName }),
    text: `${paragraphs.join('\n\n')}\n\n${l.t('dataExportReady.textLink')}\n${link}\n\n${notYou}\n`,
    html: layout(productName, paragraphs, { label: l.t('dataExportReady.button'), link }, l).replace('</body>', `<p style="font-size:13px;color:#475569">${escapeHtml(notYou)}</p></body>`),
    secrets: { link: input.link },
  };
}

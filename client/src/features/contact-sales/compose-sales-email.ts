import type { SalesRequest } from '#shared/sales-request.ts';

export interface SalesEmailLabels {
  subject: (companyName: string) => string;
  company: string;
  contactPerson: string;
  email: string;
  phone: string;
  plan: string;
  message: string;
}

/** The mailto: link that opens the visitor's mail program with the request filled in. */
export function composeSalesEmail(request: SalesRequest, options: { to: string; planLabel: string; labels: SalesEmailLabels }): string {
  const { labels } = options;
  const lines = [
    `${labels.company}: ${request.companyName}`,
    `${labels.contactPerson}: ${request.contactPerson}`,
    `${labels.email}: ${request.email}`,
    `${labels.phone}: ${request.phone}`,
    `${labels.plan}: ${options.planLabel}`,
    `${labels.message}: ${request.message ?? ''}`,
  ];
  const subject = encodeURIComponent(labels.subject(request.companyName));
  const body = encodeURIComponent(lines.join('\r\n'));
  return `mailto:${encodeURIComponent(options.to).replace('%40', '@')}?subject=${subject}&body=${body}`;
}

import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LEGAL_LAST_UPDATED } from '#shared/constants.ts';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { SupportEmailLink } from '@/components/ui/support-email';
import { usePageTitle } from '@/hooks/use-page-title';
import { formatDate } from '@/lib/format';
import { publicConfig } from '@/lib/public-config';

interface Section {
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
  after?: string[];
}

/** Makes the support address in a paragraph a mail link. */
function withEmailLink(text: string): ReactNode {
  const parts = text.split(publicConfig.supportEmail);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <SupportEmailLink />}
    </Fragment>
  ));
}

/** Privacy Policy and Terms of Service: title, date, contents, numbered sections. */
export function LegalDocument({ document }: { document: 'privacy' | 'terms' }) {
  const { t } = useTranslation('legal');
  const title = t(`${document}.title`);
  usePageTitle(title);
  const sections = t(`${document}.sections`, { returnObjects: true }) as Section[];
  return (
    <PageShell>
      <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('lastUpdated', { date: formatDate(LEGAL_LAST_UPDATED) })}</p>
        <p className="mt-6 text-lg text-slate-700">{t(`${document}.intro`)}</p>

        <nav aria-labelledby="contents-heading" className="mt-8 rounded-xl bg-sand-50 p-5">
          <h2 id="contents-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            {t('contents')}
          </h2>
          <ol className="mt-3 list-decimal space-y-1 ps-5">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-800 underline underline-offset-2">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-10">
            <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
              {index + 1}. {section.heading}
            </h2>
            <div className="mt-3 space-y-3 text-slate-700">
              {section.paragraphs.map((p) => (
                <p key={p}>{withEmailLink(p)}</p>
              ))}
              {section.list && (
                <ul className="list-disc space-y-1 ps-6">
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {section.after?.map((p) => (
                <p key={p}>{withEmailLink(p)}</p>
              ))}
            </div>
          </section>
        ))}

        <Link href="/" className={buttonClasses({ variant: 'outline', className: 'mt-12' })}>
          {t('backToHome')}
        </Link>
      </article>
    </PageShell>
  );
}

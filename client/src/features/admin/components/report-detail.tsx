// One report: what the job seeker said (and their screenshot), the company with its state, its other reports and
// its history, and what the team does: suspend the company (on its page), answer the reporter by e-mail.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { reportAnswerSchema, type AdminReportDetail } from '#shared/employers.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { translateValidation } from '@/lib/validation-message';
import { useAnswerReport } from '../api/answer-report';
import { when } from './paged-list';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[11rem_1fr]">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

function AnswerForm({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation('admin');
  const answer = useAnswerReport();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const send = () => {
    const parsed = reportAnswerSchema.safeParse({ answer: text });
    if (!parsed.success) return setError(translateValidation(t, parsed.error.issues[0]?.message));
    setError(undefined);
    answer.mutate(
      { id: report.id, answer: parsed.data.answer },
      {
        onSuccess: () => toast({ variant: 'success', title: t('reports.answeredToast') }),
        onError: (err) => toast({ variant: 'destructive', title: t('reports.failed'), description: errorMessage(err, t('reports.failed')) }),
      },
    );
  };
  return (
    <div className="space-y-3">
      <Field id="report-answer" label={t('reports.answerLabel', { language: report.reporter.locale ?? 'en' })} hint={t('reports.answerHint')} error={error}>
        {(ids) => <Textarea {...ids} rows={5} value={text} onChange={(event) => setText(event.currentTarget.value)} />}
      </Field>
      <Button onClick={send} disabled={answer.isPending}>
        {answer.isPending && <Spinner />}
        {t('reports.send')}
      </Button>
    </div>
  );
}

export function ReportDetail({ report }: { report: AdminReportDetail }) {
  const { t, i18n } = useTranslation('admin');
  const company = report.companyDetail;
  return (
    <div className="grid gap-6 xl:grid-cols-5">
      <div className="space-y-6 xl:col-span-3">
        <Card className="p-5">
          <dl className="divide-y divide-slate-100">
            <Row label={t('reports.fields.reason')}>{t(`reports.reason.${report.reason}`)}</Row>
            <Row label={t('reports.fields.when')}>{when(report.createdAt, i18n.language)}</Row>
            <Row label={t('reports.fields.reporter')}>
              {report.reporter.name ?? '—'} {report.reporter.email && <bdi dir="ltr">({report.reporter.email})</bdi>}
            </Row>
            <Row label={t('reports.fields.details')}>
              <span dir="auto" className="block whitespace-pre-line">{report.details}</span>
            </Row>
            {report.screenshotPath && (
              <Row label={t('reports.fields.screenshot')}>
                <a href={`${report.screenshotPath}?view=inline`} target="_blank" rel="noopener noreferrer">
                  <img src={`${report.screenshotPath}?view=inline`} alt={t('reports.screenshotAlt')} className="max-h-80 rounded-lg border border-slate-200" />
                </a>
              </Row>
            )}
          </dl>
        </Card>
        <Card className="p-5">
          <h2 className="font-semibold text-slate-900">{t('reports.answer')}</h2>
          <div className="mt-3">
            {report.answeredAt ? (
              <>
                <p className="text-sm text-slate-600">{when(report.answeredAt, i18n.language)}</p>
                <p dir="auto" className="mt-2 whitespace-pre-line text-slate-900">{report.answer}</p>
              </>
            ) : (
              <AnswerForm report={report} />
            )}
          </div>
        </Card>
      </div>
      <div className="space-y-6 xl:col-span-2">
        <Card className="p-5">
          <h2 className="font-semibold text-slate-900">{company.companyName}</h2>
          <dl className="mt-2 divide-y divide-slate-100">
            <Row label={t('companies.fields.status')}>{t(`companies.status.${company.subscriptionStatus}`)}</Row>
            <Row label={t('companies.employer.title')}>{company.employerVerified ? t('companies.employer.verified') : t('companies.employer.notVerified')}</Row>
            <Row label={t('reports.fields.open')}>{report.company.openReports}</Row>
          </dl>
          <Link href={`/admin/companies/${company.id}`} className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-3' })}>
            {t('reports.openCompany')}
          </Link>
        </Card>
        <Card className="p-5">
          <h2 className="font-semibold text-slate-900">{t('reports.others')}</h2>
          {report.otherReports.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t('reports.noOthers')}</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm">
              {report.otherReports.map((other) => (
                <li key={other.id}>
                  <Link href={`/admin/reports/${other.id}`} className="text-brand-800 underline underline-offset-2">
                    {t(`reports.reason.${other.reason}`)}
                  </Link>{' '}
                  · {when(other.createdAt, i18n.language)} · {other.answeredAt ? t('reports.answered') : t('reports.open')}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="p-5">
          <h2 className="font-semibold text-slate-900">{t('reports.history')}</h2>
          <ul className="mt-2 space-y-1 text-sm text-slate-800">
            {report.history.map((entry, n) => (
              <li key={`${entry.at}-${n}`}>
                <code className="text-xs">{entry.action}</code> · {when(entry.at, i18n.language)}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}

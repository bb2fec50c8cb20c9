// The System page's version and migration the product runs, and the server processes heard from.
import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '#shared/system-status.ts';
import { ltr, ltrValues } from '@/lib/ltr-values';
import { when } from './paged-list';
import { Empty, Row, Section } from './system-section';

export function Version({ status }: { status: SystemStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Section id="system-version" title={t('system.version.title')}>
      <dl className="divide-y divide-slate-100">
        <Row label={t('system.version.product')}>
          <bdi dir="ltr">{status.version}</bdi>
        </Row>
        <Row label={t('system.version.migration')}>{status.migration ? <bdi dir="ltr">{status.migration}</bdi> : t('system.version.unknownMigration')}</Row>
      </dl>
    </Section>
  );
}

export function Instances({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation('admin');
  const relative = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  const secondsBefore = (iso: string) => Math.max(0, Math.round((Date.parse(status.checkedAt) - Date.parse(iso)) / 1000));
  return (
    <Section id="system-instances" title={t('system.instances.title')}>
      <p className="mb-3 text-sm text-slate-700">{t('system.instances.intro')}</p>
      {status.instances.length === 0 ? (
        <Empty>{t('system.instances.none')}</Empty>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {status.instances.map((instance) => (
            <li key={instance.id} className="p-3">
              <p className="font-medium text-slate-900">
                <bdi dir="ltr" className="[overflow-wrap:anywhere]">
                  {instance.host}
                </bdi>
                {' · '}
                {ltrValues(t('system.instances.process', { pid: ltr(String(instance.pid)) }))}
                {' · '}
                <bdi dir="ltr">{instance.version}</bdi>
              </p>
              <p className="text-sm text-slate-700">
                {t('system.instances.since', { when: when(instance.startedAt, i18n.language) })}
                {' · '}
                {t('system.instances.seen', { ago: relative.format(-secondsBefore(instance.seenAt), 'second') })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

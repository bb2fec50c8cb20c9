// The System page's open incidents: what is wrong, since when and its details, or that all is well.
import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '#shared/system-status.ts';
import { when } from './paged-list';
import { Section } from './system-section';

export function Incidents({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation('admin');
  if (status.incidents.length === 0) {
    return (
      <Section id="system-incidents" title={t('system.incidents.title')}>
        <p className="text-brand-800">{t('system.incidents.none')}</p>
      </Section>
    );
  }
  return (
    <Section id="system-incidents" title={t('system.incidents.title')} className="border-red-300 bg-red-50">
      <ul className="space-y-3">
        {status.incidents.map((incident) => (
          <li key={incident.id}>
            <p className="font-semibold text-red-900">{t(`system.incidents.kind.${incident.kind}`, { defaultValue: incident.kind })}</p>
            <p className="text-sm text-red-900">{t('system.incidents.since', { when: when(incident.openedAt, i18n.language) })}</p>
            {Object.keys(incident.detail).length > 0 && (
              <dl className="mt-1 font-mono text-xs text-slate-800" dir="ltr">
                {Object.entries(incident.detail).map(([key, value]) => (
                  <div key={key} className="[overflow-wrap:anywhere]">
                    <dt className="inline">{key}: </dt>
                    <dd className="inline">{String(value)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

import { Briefcase, Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LOWEST_MONTHLY_PRICE_FILS } from '#shared/constants.ts';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckList } from '@/components/ui/check-list';
import { formatAmount, formatDate } from '@/lib/format';
import { publicConfig } from '@/lib/public-config';

/** /get-started with no type: the two role cards. */
export function RoleChooser() {
  const { t } = useTranslation('get-started');
  const cards = [
    {
      type: 'candidate',
      Icon: Briefcase,
      title: t('chooser.jobSeeker.title'),
      points: t('chooser.jobSeeker.points', { returnObjects: true }) as string[],
      note: publicConfig.earlyAccessActive ? t('chooser.jobSeeker.free', { date: formatDate(publicConfig.earlyAccessEnd) }) : undefined,
      cta: t('chooser.jobSeeker.cta'),
    },
    {
      type: 'company',
      Icon: Building2,
      title: t('chooser.company.title'),
      points: t('chooser.company.points', { returnObjects: true }) as string[],
      note: t('chooser.company.price', { price: formatAmount(LOWEST_MONTHLY_PRICE_FILS) }),
      cta: t('chooser.company.cta'),
    },
  ];
  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-center text-3xl font-bold text-slate-900">{t('chooser.heading')}</h1>
      <p className="mt-3 text-center text-slate-700">{t('chooser.intro')}</p>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {cards.map(({ type, Icon, title, points, note, cta }) => (
          // The whole card takes a press (the link's area is stretched over it), and shows where it leads when pointed
          // at or reached by keyboard; the link stays the one thing a screen reader announces.
          <Card key={type} className="relative flex flex-col p-6 transition hover:border-brand-400 hover:shadow-md has-focus-visible:ring-2 has-focus-visible:ring-brand-600">
            <Icon aria-hidden="true" className="h-10 w-10 text-brand-700" />
            <h2 className="mt-4 text-xl font-semibold text-slate-900">{title}</h2>
            <CheckList className="mt-4 flex-1" items={points} />
            {note && <p className="mt-4 font-semibold text-brand-800">{note}</p>}
            {/* A job seeker goes straight to sign-up; a company first sees how it works and its choices. */}
            <Link
              href={type === 'company' ? '/get-started/company' : '/signup?type=candidate'}
              className={buttonClasses({ size: 'lg', className: 'mt-6 w-full after:absolute after:inset-0 after:rounded-2xl' })}
            >
              {cta}
            </Link>
          </Card>
        ))}
      </div>
      <p className="mt-8 text-center">
        <Link href="/login" className="font-medium text-brand-800 underline underline-offset-2">
          {t('chooser.signIn')}
        </Link>
      </p>
    </section>
  );
}

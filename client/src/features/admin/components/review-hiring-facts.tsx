// The review page's hiring facts as the job seeker declared them, each with its verify button.
import { useTranslation } from 'react-i18next';
import { hasFact, VERIFIABLE_FACTS, type VerifiableFact } from '#shared/hiring-facts.ts';
import type { ReviewItem } from '#shared/admin.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { HiringFactList } from '@/components/hiring-facts/hiring-fact-list';
import { when } from './paged-list';

/** The hiring facts as the job seeker declared them, each verifiable one with its verify button (Shift + its number). */
export function HiringFactsReview({ profile, onToggle, busy }: { profile: ReviewItem; onToggle: (fact: VerifiableFact) => void; busy: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const verified = VERIFIABLE_FACTS.filter((fact) => profile.factVerifications[fact]);
  return (
    <Card className="p-5" role="region" aria-labelledby="hiring-facts-title">
      <h2 id="hiring-facts-title" className="font-semibold text-slate-900">{t('facts.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('facts.intro')}</p>
      <div className="mt-4">
        <HiringFactList
          facts={profile}
          verified={verified}
          action={(fact) => {
            if (!hasFact(profile, fact)) return null;
            const mark = profile.factVerifications[fact];
            return (
              <>
                {mark && <span className="text-xs font-normal text-slate-600">{t('facts.verifiedBy', { who: mark.byEmail ?? '—', when: when(mark.at, i18n.language) })}</span>}
                <Button size="sm" variant={mark ? 'outline' : 'secondary'} disabled={busy} onClick={() => onToggle(fact)} aria-keyshortcuts={`Shift+${VERIFIABLE_FACTS.indexOf(fact) + 1}`}>
                  {mark ? t('facts.unverify', { fact: t(`facts.name.${fact}`) }) : t('facts.verify', { fact: t(`facts.name.${fact}`) })}
                  <span aria-hidden="true" dir="ltr" className="hidden text-xs font-normal text-slate-700 sm:inline">
                    ⇧{VERIFIABLE_FACTS.indexOf(fact) + 1}
                  </span>
                </Button>
              </>
            );
          }}
        />
      </div>
    </Card>
  );
}

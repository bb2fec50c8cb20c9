import { useState } from 'react';
import { Bookmark, MapPin, Play, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LIMITS } from '#shared/constants.ts';
import { FRESH_DAYS, type CandidateCard as Candidate } from '#shared/candidates.ts';
import { buttonClasses } from '@/components/ui/button';
import { formatDaysAgo, formatNumber } from '@/lib/format';
import { clsx } from 'clsx';
import { useOptionText } from '@/lib/option-text';
import { Card } from '@/components/ui/card';
import { VideoPlayer } from '@/components/ui/video-player';
import { InitialsAvatar } from './initials-avatar';
import { VerifiedMark } from '@/components/hiring-facts/hiring-fact-list';
import { useFactText } from '@/lib/fact-text';

/** First three skills, then '+N'. */
export function visibleSkills(skills: string[]): { shown: string[]; more: number } {
  return { shown: skills.slice(0, LIMITS.candidateCardSkills), more: Math.max(0, skills.length - LIMITS.candidateCardSkills) };
}

export function CandidateCard({ candidate }: { candidate: Candidate }) {
  const { t } = useTranslation('candidates');
  const { optionText } = useOptionText();
  const { shown, more } = visibleSkills([
    ...candidate.industries.map((code) => optionText('industries', code)),
    ...candidate.languages.map((code) => optionText('languages', code)),
  ]);
  const headingId = `candidate-${candidate.id}`;
  return (
    // The whole card opens the candidate page: the name is the link, stretched over the card; the video and the
    // Contact button sit above it.
    <Card className="relative flex flex-col p-5 transition-shadow focus-within:shadow-md hover:shadow-md" aria-labelledby={headingId} role="article">
      {candidate.videoUrl && candidate.posterUrl && <CardVideo videoUrl={candidate.videoUrl} posterUrl={candidate.posterUrl} name={candidate.fullName} />}
      <div className="flex items-start gap-3">
        <InitialsAvatar name={candidate.fullName} src={candidate.avatarUrl} />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="truncate text-base font-semibold text-slate-900">
            <Link
              href={`/dashboard/candidates/${candidate.id}`}
              className="rounded-sm after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {candidate.fullName}
            </Link>
          </h3>
          <p className="text-sm text-slate-700">{candidate.industries[0] && optionText('industries', candidate.industries[0])}</p>
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
            {optionText('locations', candidate.location)}
          </p>
        </div>
        {candidate.shortlisted && (
          <span className="text-brand-700" title={t('card.saved')}>
            <Bookmark aria-label={t('card.saved')} className="h-5 w-5 fill-current" />
          </span>
        )}
      </div>
      <p className="mt-3 text-sm font-medium text-slate-800">
        {candidate.yearsOfExperience === null ? t('card.experienceUnknown') : t('card.experience', { count: candidate.yearsOfExperience })}
      </p>
      <Freshness confirmedAt={candidate.lookingConfirmedAt} />
      <CardFacts candidate={candidate} />
      {/* Written by the job seeker, in a language of their own: its own direction, whatever the page's. */}
      {candidate.summary && (
        <p dir="auto" className="mt-2 line-clamp-2 text-sm text-slate-700">
          {candidate.summary}
        </p>
      )}
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('card.skills')}>
        {shown.map((skill, i) => (
          <li key={i} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-800">
            {skill}
          </li>
        ))}
        {more > 0 && <li className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-800">+{formatNumber(more)}</li>}
      </ul>
      <div className="mt-auto flex items-center justify-between gap-2 pt-4">
        {candidate.hasVideo ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-900">
            <Video aria-hidden="true" className="h-3.5 w-3.5" />
            {t('card.videoAvailable')}
          </span>
        ) : (
          <span />
        )}
        <Link href={`/dashboard/candidates/${candidate.id}`} className={buttonClasses({ size: 'sm', className: 'relative z-10' })} aria-describedby={headingId}>
          {t('card.contact')}
        </Link>
      </div>
    </Card>
  );
}

/** The hiring facts a recruiter decides on first: where the person is, their visa, when they can start. */
function CardFacts({ candidate }: { candidate: Candidate }) {
  const { t } = useTranslation('candidates');
  const { countryName, visaText, availabilityText } = useFactText();
  const verified = (fact: Candidate['verifiedFacts'][number]) => candidate.verifiedFacts.includes(fact) && <VerifiedMark />;
  const facts = [
    candidate.currentCountry && (
      <>
        {t('card.inCountry', { country: countryName(candidate.currentCountry) })}
        {verified('currentCountry')}
      </>
    ),
    candidate.visaStatus && (
      <>
        {visaText(candidate.visaStatus)}
        {verified('visaStatus')}
      </>
    ),
    candidate.availableFrom && availabilityText(candidate.availableFrom),
  ].filter(Boolean);
  if (facts.length === 0) return null;
  return (
    <ul className="mt-2 space-y-0.5 text-sm text-slate-700" aria-label={t('card.facts')}>
      {facts.map((fact, i) => (
        <li key={i} className="flex items-center gap-1">
          {fact}
        </li>
      ))}
    </ul>
  );
}

/** How long ago the job seeker said they are still looking: fresh in green, older than FRESH_DAYS in grey. */
function Freshness({ confirmedAt }: { confirmedAt: string }) {
  const { t } = useTranslation('candidates');
  // The moment the card was shown: days do not change while it is on screen.
  const [now] = useState(() => Date.now());
  const fresh = now - new Date(confirmedAt).getTime() <= FRESH_DAYS * 24 * 60 * 60 * 1000;
  return (
    <p className={clsx('mt-1 flex items-center gap-1.5 text-sm', fresh ? 'text-brand-800' : 'text-slate-500')}>
      <span aria-hidden="true" className={clsx('h-2 w-2 shrink-0 rounded-full', fresh ? 'bg-brand-600' : 'bg-slate-300')} />
      {t(fresh ? 'card.available' : 'card.lastConfirmed', { when: formatDaysAgo(confirmedAt, now) })}
    </p>
  );
}

/** The person's face first: the video's poster, which plays the video in place when pressed. */
function CardVideo({ videoUrl, posterUrl, name }: { videoUrl: string; posterUrl: string; name: string }) {
  const { t } = useTranslation('candidates');
  const [playing, setPlaying] = useState(false);
  const label = t('card.playVideo', { name });
  if (playing) return <VideoPlayer src={videoUrl} poster={posterUrl} title={label} autoPlay className="relative z-10 mb-4" />;
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      aria-label={label}
      className="group relative z-10 mb-4 block aspect-video w-full overflow-hidden rounded-xl bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <img src={posterUrl} alt="" loading="lazy" decoding="async" width={640} height={360} className="h-full w-full object-cover" />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white/90 text-brand-800 shadow group-hover:bg-white">
          <Play aria-hidden="true" className="h-6 w-6 fill-current" />
        </span>
      </span>
    </button>
  );
}

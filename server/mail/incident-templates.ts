// The e-mails to every administrator when the product is unwell, and when it has recovered (docs/operations.md,
// "Incidents"). Like the other e-mails to our own team, they are in English. Each says what is wrong, since when, and
// where in the console to look; the recovery says how long it lasted.
import type { IncidentFacts, IncidentKind } from '#shared/incidents.ts';
import { escapeHtml, greeting, layout, type RenderedEmail } from './templates.ts';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A moment as the team reads it: '27 November 2026 at 08:15 UTC' (the server's own time zone plays no part). */
export function formatMoment(at: Date): string {
  return `${DATE.format(at)} at ${at.toISOString().slice(11, 16)} UTC`;
}

const units = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A length of time in its two largest units: '45 minutes', '2 hours 5 minutes', '3 days 4 hours'. */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(units(days, 'day'));
  if (hours > 0) parts.push(units(hours, 'hour'));
  if (rest > 0 && days === 0) parts.push(units(rest, 'minute'));
  return parts.slice(0, 2).join(' ');
}

/** Where in the console each kind is seen, and the subject that names it (the recovery's subject repeats it). */
const PLACES: Record<IncidentKind, { path: string; label: string; subject: (productName: string) => string }> = {
  backup_failed: { path: '/admin/system', label: 'Open the System page', subject: (p) => `Backup failed on ${p}` },
  emails_failing: { path: '/admin/emails', label: 'Open the E-mails page', subject: (p) => `E-mails are failing on ${p}` },
  video_job_stuck: { path: '/admin/videos', label: 'Open the Videos page', subject: (p) => `Videos are stuck on ${p}` },
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function whatIsWrong(facts: IncidentFacts, productName: string): string[] {
  switch (facts.kind) {
    case 'backup_failed': {
      const d = facts.detail;
      const which = d.trigger === 'daily' ? 'The daily backup' : 'The backup';
      const started = formatMoment(new Date(d.startedAt));
      return d.outcome === 'abandoned'
        ? [
            `${which} of ${productName} that started on ${started} never finished: the instance making it stopped, and no other took it over (its lease ran out on ${formatMoment(new Date(d.since))}).`,
            'Until a backup succeeds, the newest good archive keeps getting older. The System page lists the backups and their errors.',
          ]
        : [
            `${which} of ${productName} that started on ${started} failed on ${formatMoment(new Date(d.since))}.`,
            `The error: ${oneLine(d.error) || 'none was recorded'}`,
            'Until a backup succeeds, the newest good archive keeps getting older. The System page lists the backups and their errors.',
          ];
    }
    case 'emails_failing': {
      const d = facts.detail;
      const count = d.emails === 1 ? '1 e-mail has' : `${d.emails} e-mails have`;
      return [
        `${count} not been delivered for over an hour: the oldest was written on ${formatMoment(new Date(d.since))}, and no e-mail written since then has been delivered.`,
        `The mail server's last answer: ${oneLine(d.lastError) || 'none'}`,
        'Until this is fixed, people do not receive their confirmation links, password resets and notices. Check SMTP_URL and the mail server; the E-mails page shows each message and its error.',
      ];
    }
    case 'video_job_stuck': {
      const d = facts.detail;
      const count = d.videos === 1 ? '1 video has' : `${d.videos} videos have`;
      return [
        `${count} waited more than an hour to be made playable; the oldest since ${formatMoment(new Date(d.since))}.`,
        "Until they are processed, those job seekers' videos may not play on every phone. The server's log says why (video processing); the Videos page lists them.",
      ];
    }
  }
}

const RECOVERED: Record<IncidentKind, string> = {
  backup_failed: 'Backups work again: a later backup succeeded.',
  emails_failing: 'E-mails are being delivered again.',
  video_job_stuck: 'Videos are being made playable again: none has waited more than an hour.',
};

function build(input: { productName: string; publicUrl: string; name?: string | null; kind: IncidentKind; subject: string; paragraphs: string[] }): RenderedEmail {
  const place = PLACES[input.kind];
  const link = `${input.publicUrl}${place.path}`;
  const why = `You receive this because you are an administrator of ${input.productName}.`;
  const paragraphs = [greeting(input.name ?? undefined), ...input.paragraphs];
  return {
    subject: input.subject,
    text: `${paragraphs.join('\n\n')}\n\n${place.label}: ${link}\n\n${why}\n`,
    html: layout(input.productName, paragraphs, { label: place.label, link }).replace(
      '</body>',
      () => `<p style="font-size:13px;color:#475569">${escapeHtml(why)}</p></body>`,
    ),
  };
}

/** What went wrong and since when (the incident has just opened). */
export function incidentOpenedTemplate(input: { productName: string; publicUrl: string; name?: string | null; incident: IncidentFacts }): RenderedEmail {
  const { kind } = input.incident;
  return build({ ...input, kind, subject: PLACES[kind].subject(input.productName), paragraphs: whatIsWrong(input.incident, input.productName) });
}

/** That it recovered, and how long the problem lasted: from when it began (`since`) to when it was seen gone. */
export function incidentResolvedTemplate(input: {
  productName: string;
  publicUrl: string;
  name?: string | null;
  kind: IncidentKind;
  since: Date;
  resolvedAt: Date;
}): RenderedEmail {
  const lasted = `It lasted ${formatDuration(input.resolvedAt.getTime() - input.since.getTime())}, from ${formatMoment(input.since)} to ${formatMoment(input.resolvedAt)}.`;
  return build({
    ...input,
    subject: `Resolved: ${PLACES[input.kind].subject(input.productName)}`,
    paragraphs: [RECOVERED[input.kind], lasted],
  });
}

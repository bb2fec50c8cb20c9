// A profile being made, kept on the phone until it is saved: what was typed and chosen as it changes, the CV and the
// video once they have arrived (a video still on its way is kept by lib/kept-video.ts and goes on by itself). Opened
// again, the form starts from it; a kept upload is offered only once the server says it is still this person's and
// still there for a while (docs/decisions/0054-the-profile-draft-kept-on-the-phone.md).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { DraftUpload } from '#shared/uploads.ts';
import { keepDraft, keptDraft } from '@/lib/kept-video';
import { draftUploadsQuery } from './api/get-draft-uploads';
import { offerArrivedVideo, useVideoSending } from './video-sending';

/** Time to finish the form: an upload the clean-up takes sooner is asked for again rather than refused at saving. */
const LEAST_SECONDS_LEFT = 30 * 60;

export interface ProfileDraft<Values> {
  values: Partial<Values>;
  cvUrl?: string;
  video?: { url: string; name: string; size: number };
}

/** A kept value of the shape the field has (an older version of the app may have kept other fields). */
function fits(value: unknown, byDefault: unknown): boolean {
  if (Array.isArray(value)) return (Array.isArray(byDefault) || byDefault === null) && value.every((item) => typeof item === 'string');
  if (Array.isArray(byDefault)) return false;
  if (typeof byDefault === 'string') return typeof value === 'string';
  return value === null || typeof value === 'string' || typeof value === 'number';
}

const isString = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The draft this account kept, limited to the form's own fields. */
export function readDraft<Values extends object>(userId: string, defaults: Values): ProfileDraft<Values> | undefined {
  const kept = keptDraft(userId);
  if (!kept) return undefined;
  const values = kept.values && typeof kept.values === 'object' ? (kept.values as Record<string, unknown>) : {};
  const draft: ProfileDraft<Values> = {
    values: Object.fromEntries(Object.entries(values).filter(([name, value]) => name in defaults && fits(value, (defaults as Record<string, unknown>)[name]))) as Partial<Values>,
  };
  if (isString(kept.cvUrl)) draft.cvUrl = kept.cvUrl;
  const video = kept.video as Record<string, unknown> | undefined;
  if (video && isString(video.url) && isString(video.name) && typeof video.size === 'number') draft.video = { url: video.url, name: video.name, size: video.size };
  return draft;
}

const usable = (upload: DraftUpload | null | undefined) => Boolean(upload && upload.secondsLeft >= LEAST_SECONDS_LEFT);

/**
 * Keeps the form's draft for `userId` (none when undefined: an edit of a saved profile) and offers the uploads the
 * draft kept once the server vouches for them. Returns the kept CV's path, once offered, and a way to keep a new one.
 */
export function useProfileDraft<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'subscribe'>,
  userId: string | undefined,
  draft: ProfileDraft<Values> | undefined,
) {
  const sending = useVideoSending();

  useEffect(() => {
    if (!userId) return;
    // A field's change names the field; what only changes the form's state (submitted, checked) is not kept.
    return form.subscribe({ formState: { values: true }, callback: ({ name, values }) => name && keepDraft(userId, { values }) });
  }, [form, userId]);

  // The video is kept once it has arrived; a new one on its way takes its place (kept in the browser as it is sent).
  useEffect(() => {
    if (!userId) return;
    if (sending.phase === 'arrived') keepDraft(userId, { video: { url: sending.videoUrl, name: sending.name, size: sending.size } });
    else if (sending.phase !== 'idle') keepDraft(userId, { video: undefined });
  }, [sending, userId]);

  const cvUrl = draft?.cvUrl;
  const video = draft?.video;
  const check = useQuery({ ...draftUploadsQuery({ cvUrl, videoUrl: video?.url }), enabled: Boolean(userId && (cvUrl || video)) });
  useEffect(() => {
    if (!userId || !check.data) return;
    // What the server no longer vouches for is forgotten, unless the person has put another in its place meanwhile.
    const still = keptDraft(userId);
    if (cvUrl && !usable(check.data.cv) && still?.cvUrl === cvUrl) keepDraft(userId, { cvUrl: undefined });
    if (!video) return;
    if (usable(check.data.video)) void offerArrivedVideo(userId, { name: video.name, size: video.size, videoUrl: video.url });
    else if ((still?.video as { url?: unknown } | undefined)?.url === video.url) keepDraft(userId, { video: undefined });
  }, [check.data, userId, cvUrl, video]);

  return {
    keptCvUrl: usable(check.data?.cv) ? cvUrl : undefined,
    keepCv: (url: string) => userId && keepDraft(userId, { cvUrl: url }),
  };
}

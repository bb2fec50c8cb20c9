// A profile being made, kept on the phone until it is saved: what was typed and chosen as it changes, the CV and the
// video once they have arrived (a video still on its way is kept by lib/kept-video.ts and goes on by itself). Opened
// again, the form starts from it; a kept upload is offered only once the server says it is still this person's and
// still there for a while. Changes to a saved profile are kept the same way (only what differs from the saved
// profile), against the saved version they change: a Back gesture, a reload or a discarded tab loses none of them,
// and they are let go once what the form edits has changed since (docs/decisions/0054-the-profile-draft-kept-on-the-phone.md).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { profileFormSchema, type OwnProfile } from '#shared/profile.ts';
import type { DraftUpload } from '#shared/uploads.ts';
import { forgetDraft, keepDraft as keepStored, keptDraft as keptStored } from '@/lib/kept-video';
import { draftUploadsQuery } from './api/get-draft-uploads';
import { clearSending, offerArrivedVideo, useVideoSending } from './video-sending';

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

/** Whose draft it is, and of what: a new profile, or the changes to the saved version `basedOn` (savedVersion). */
export interface DraftOwner {
  userId: string;
  basedOn?: string;
}

const kindOf = (owner: DraftOwner) => (owner.basedOn === undefined ? 'new' : 'edit');
const keptDraft = (owner: DraftOwner) => keptStored(owner.userId, kindOf(owner));
function keepDraft(owner: DraftOwner, parts: Record<string, unknown>) {
  // An edit's draft names the version it changes with each part, so a part written first still finds its draft.
  if (owner.basedOn !== undefined && Object.values(parts).some((part) => part !== undefined)) parts = { ...parts, basedOn: owner.basedOn };
  keepStored(owner.userId, parts, kindOf(owner));
}

/** The draft this account kept, limited to the form's own fields. */
export function readDraft<Values extends object>(owner: DraftOwner, defaults: Values): ProfileDraft<Values> | undefined {
  const kept = keptDraft(owner);
  if (!kept) return undefined;
  // Changes to a version the profile has since left (saved on another phone, or reviewed) are not laid over it.
  if (kept.basedOn !== owner.basedOn) return void forgetDraft(owner.userId, kindOf(owner));
  const values = kept.values && typeof kept.values === 'object' ? (kept.values as Record<string, unknown>) : {};
  const draft: ProfileDraft<Values> = {
    values: Object.fromEntries(Object.entries(values).filter(([name, value]) => name in defaults && fits(value, (defaults as Record<string, unknown>)[name]))) as Partial<Values>,
  };
  if (isString(kept.cvUrl)) draft.cvUrl = kept.cvUrl;
  const video = kept.video as Record<string, unknown> | undefined;
  if (video && isString(video.url) && isString(video.name) && typeof video.size === 'number') draft.video = { url: video.url, name: video.name, size: video.size };
  return draft;
}

/** What changes are made to: the form's values as saved, and the saved CV and video. */
export interface SavedProfile<Values> {
  values: Values;
  cvUrl: string | null;
  videoUrl: string | null;
}

/**
 * The version of a saved profile that changes are kept against: what the form edits, as saved. Not the profile's
 * updatedAt, which also moves with what the form does not touch (shown or hidden, a review, its video arriving).
 */
export function savedVersion(profile: OwnProfile): string {
  const edited = Object.keys(profileFormSchema.shape).map((name) => profile[name as keyof OwnProfile]);
  return JSON.stringify([...edited, profile.cvUrl]);
}

/** The values that differ from those saved. */
function changedFrom(saved: object, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => JSON.stringify(value) !== JSON.stringify((saved as Record<string, unknown>)[name])));
}

/** Whether a draft of changes holds any: a value other than the saved one, another CV or another video. */
export function changesProfile<Values extends object>(draft: ProfileDraft<Values>, saved: SavedProfile<Values>): boolean {
  if (Object.keys(changedFrom(saved.values, draft.values)).length > 0) return true;
  return (draft.cvUrl !== undefined && draft.cvUrl !== saved.cvUrl) || (draft.video !== undefined && draft.video.url !== saved.videoUrl);
}

/**
 * Lets an edit's changes go (Cancel, Undo changes, saved): the kept draft, and a new video that has arrived (one still
 * on its way goes on: it may be the saved profile's own).
 */
export function letChangesGo(userId: string): void {
  forgetDraft(userId, 'edit');
  clearSending();
}

const usable = (upload: DraftUpload | null | undefined) => Boolean(upload && upload.secondsLeft >= LEAST_SECONDS_LEFT);

/**
 * Keeps the form's draft for `owner` (none when undefined; the same object for the form's life) and offers the uploads
 * the draft kept once the server vouches for them. Returns the kept CV's path, once offered, and a way to keep a new one.
 */
export function useProfileDraft<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'subscribe'>,
  owner: DraftOwner | undefined,
  draft: ProfileDraft<Values> | undefined,
  saved?: SavedProfile<Values>,
) {
  const sending = useVideoSending();

  useEffect(() => {
    if (!owner) return;
    // A field's change names the field; what only changes the form's state (submitted, checked) is not kept.
    // An edit keeps only what differs from the saved profile: a value left alone follows the saved one (a start date
    // that has come shows as "immediately").
    const kept = (values: Values) => (saved ? changedFrom(saved.values, values) : values);
    return form.subscribe({ formState: { values: true }, callback: ({ name, values }) => name && keepDraft(owner, { values: kept(values) }) });
  }, [form, owner, saved]);

  // The video is kept once it has arrived; a new one on its way takes its place (kept in the browser as it is sent).
  useEffect(() => {
    if (!owner) return;
    // An edit's saved video (the page's last one, arrived before the form opened) is no change.
    if (sending.phase === 'arrived' && sending.videoUrl === saved?.videoUrl) return;
    if (sending.phase === 'arrived') keepDraft(owner, { video: { url: sending.videoUrl, name: sending.name, size: sending.size } });
    else if (sending.phase !== 'idle') keepDraft(owner, { video: undefined });
  }, [sending, owner, saved]);

  const cvUrl = draft?.cvUrl;
  const video = draft?.video;
  const check = useQuery({ ...draftUploadsQuery({ cvUrl, videoUrl: video?.url }), enabled: Boolean(owner && (cvUrl || video)) });
  useEffect(() => {
    if (!owner || !check.data) return;
    // What the server no longer vouches for is forgotten, unless the person has put another in its place meanwhile.
    const still = keptDraft(owner);
    if (cvUrl && !usable(check.data.cv) && still?.cvUrl === cvUrl) keepDraft(owner, { cvUrl: undefined });
    if (!video) return;
    if (usable(check.data.video)) void offerArrivedVideo(owner.userId, { name: video.name, size: video.size, videoUrl: video.url });
    else if ((still?.video as { url?: unknown } | undefined)?.url === video.url) keepDraft(owner, { video: undefined });
  }, [check.data, owner, cvUrl, video]);

  return {
    keptCvUrl: usable(check.data?.cv) ? cvUrl : undefined,
    keepCv: (url: string) => owner && keepDraft(owner, { cvUrl: url }),
  };
}

// The job-seeker profile form and its server-side schema. Messages are the product's own wording, word for word.
import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { INDUSTRIES, LANGUAGES, LIMITS, LOCATIONS, type COUNTRIES } from './constants.ts';
import { checkHiringFacts, hiringFactsSchema, type FactVerification, type HiringFacts, type VerifiableFact } from './hiring-facts.ts';
import { text } from './text.ts';

/** GCC country codes, tried in this order when a number is written without +country code. */
export const GCC_COUNTRIES: CountryCode[] = ['AE', 'SA', 'QA', 'BH', 'KW', 'OM'];
/** The longest bio, in characters. */
export const BIO_MAX = 2000;

export const PHONE_NOT_GCC = 'Please enter a mobile number from a GCC country, starting with its country code (for example +971)';

const COUNTRY_CODES: Record<(typeof COUNTRIES)[number], CountryCode> = { UAE: 'AE', 'Saudi Arabia': 'SA', Qatar: 'QA', Bahrain: 'BH', Kuwait: 'KW', Oman: 'OM' };

/** The country of one of LOCATIONS ('Riyadh, Saudi Arabia': SA), or undefined. */
export function countryOfLocation(location: string | undefined): CountryCode | undefined {
  return COUNTRY_CODES[location?.split(', ').at(-1) as (typeof COUNTRIES)[number]];
}

/**
 * E.164 (+971501234567) for a number from a GCC country, or undefined when it is not one. A number written without
 * its country code is read as the one GCC country where it is a valid number. Where it is valid in two (050 123 4567
 * is a UAE and a Saudi mobile number), it is read as `home`'s when that is one of them, else not at all: the person
 * is asked for the country code rather than given a number in another country.
 */
export function normalizeGccPhone(input: string, home?: CountryCode): string | undefined {
  const trimmed = input.trim();
  const isGcc = (n: PhoneNumber | undefined): n is PhoneNumber => Boolean(n?.isValid() && n.country && GCC_COUNTRIES.includes(n.country));
  if (trimmed.startsWith('+') || trimmed.startsWith('00')) {
    const international = parsePhoneNumberFromString(trimmed.replace(/^00/, '+'));
    return isGcc(international) ? international.number : undefined;
  }
  const readings = GCC_COUNTRIES.map((country) => parsePhoneNumberFromString(trimmed, country)).filter(isGcc);
  if (readings.length === 1) return readings[0]!.number;
  return readings.find((n) => n.country === home)?.number;
}

const yearsOfExperience = z
  .number({ error: 'Please enter a number of years' })
  .int('Please enter whole years')
  .min(LIMITS.yearsOfExperienceMin, 'Years of experience must be between 0 and 50')
  .max(LIMITS.yearsOfExperienceMax, 'Years of experience must be between 0 and 50');

const phone = text('Phone number').min(LIMITS.phoneMin, 'Please enter a valid phone number').max(30, 'Please enter a valid phone number');

/** The form's fields, before the rules between them. */
const profileFields = z.object({
  fullName: text('Full name').min(LIMITS.fullNameMin, 'Full name must be at least 2 characters').max(120, 'Full name is too long'),
  phone,
  location: z.string().min(LIMITS.locationMin, 'Please select a location'),
  industries: z.array(z.string()).min(1, 'Please select at least one industry'),
  languages: z.array(z.string()).min(1, 'Please select at least one language'),
  bio: text('Introduction', { multiline: true }).max(BIO_MAX, `Please keep your introduction under ${BIO_MAX} characters`).optional(),
  yearsOfExperience: yearsOfExperience.optional(),
  ...hiringFactsSchema.shape,
});

/** The phone number read as a GCC mobile number, the profile's location settling one valid in two countries. */
const gccPhoneOf = (values: { phone?: string; location?: string }) =>
  values.phone === undefined ? undefined : normalizeGccPhone(values.phone, countryOfLocation(values.location));

function checkGccPhone(values: { phone?: string; location?: string }, ctx: z.RefinementCtx) {
  // A number its own rules refused already has its message.
  if (values.phone === undefined || !phone.safeParse(values.phone).success) return;
  if (!gccPhoneOf(values)) ctx.addIssue({ code: 'custom', path: ['phone'], message: PHONE_NOT_GCC });
}

/** What the form checks as the user types. */
export const profileFormSchema = profileFields.superRefine(checkGccPhone).superRefine(checkHiringFacts);

/** tus names uploads with 16 random bytes in hex. */
export const VIDEO_UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * What the profile form sends: its checked values, the CV's path, and the video: its link once it has arrived, or
 * the id of the resumable upload still bringing it (the profile is saved at once and waits for it).
 */
export type ProfileSubmission = z.output<typeof profileFormSchema> & { cvUrl: string; videoUrl?: string; videoUploadId?: string };

/** What the server accepts: the form's rules plus the option lists, a GCC phone number and the uploads. */
const insertFields = profileFields.extend({
  location: z.enum(LOCATIONS, { error: 'Please select a location' }),
  industries: z.array(z.enum(INDUSTRIES, { error: 'Please select industries from the list' })).min(1, 'Please select at least one industry').max(INDUSTRIES.length),
  languages: z.array(z.enum(LANGUAGES, { error: 'Please select languages from the list' })).min(1, 'Please select at least one language').max(LANGUAGES.length),
  cvUrl: text('cvUrl').max(300).optional(),
  videoUrl: text('videoUrl').max(300).optional(),
  videoUploadId: z.string().regex(VIDEO_UPLOAD_ID, 'videoUploadId must be the id of a resumable upload').optional(),
});
/** The phone number stored in E.164. */
const withGccPhone = <Values extends { phone?: string; location?: string }>(values: Values) =>
  values.phone === undefined ? values : { ...values, phone: gccPhoneOf(values)! };
export const insertProfileSchema = insertFields.superRefine(checkGccPhone).superRefine(checkHiringFacts).transform(withGccPhone);
export type ProfileInput = z.input<typeof insertProfileSchema>;
export type ProfileValues = z.output<typeof insertProfileSchema>;

export const PROFILE_VISIBILITIES = ['visible', 'hidden'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

/**
 * An edit of one's own profile: any of the fields, and whether companies may find it. The hiring facts are checked
 * together as sent (a licence with its issuing country, a salary with its currency): the profile form sends them all.
 */
export const updateProfileSchema = insertFields
  .partial()
  .extend({ visibility: z.enum(PROFILE_VISIBILITIES, { error: 'Visibility must be visible or hidden' }).optional() })
  .superRefine(checkGccPhone)
  .superRefine(checkHiringFacts)
  .transform(withGccPhone);
export type ProfileUpdateInput = z.input<typeof updateProfileSchema>;
export type ProfileUpdate = z.output<typeof updateProfileSchema>;

/** Where a profile stands in review; follows the job seeker's account status. */
export type ReviewStatus = 'pending' | 'approved' | 'rejected' | 'suspended';

export function reviewStatusOf(userStatus: string): ReviewStatus {
  if (userStatus === 'active') return 'approved';
  if (userStatus === 'rejected' || userStatus === 'suspended') return userStatus;
  return 'pending';
}

/** The fields a reviewer approves; an edit of any of them after a review sends the profile back to review. */
export const REVIEWED_FIELDS = ['fullName', 'phone', 'location', 'industries', 'languages', 'bio', 'yearsOfExperience', 'cvUrl', 'videoUrl'] as const;
export type ReviewedField = (typeof REVIEWED_FIELDS)[number];

/**
 * Where a profile's introduction video stands: made playable on every phone in the background ('processing'), ready
 * to play with its poster, or refused because the file could not be read ('failed', with the error code to show).
 */
export interface ProfileVideo {
  status: 'processing' | 'ready' | 'failed';
  posterUrl: string | null;
  durationMs: number | null;
  errorCode: 'video.unreadable' | 'video.processing_failed' | null;
}

/** A job seeker's own profile, as GET /api/job-seeker/profile and the current user answer it. */
export interface OwnProfile extends HiringFacts {
  id: string;
  fullName: string;
  phone: string;
  location: string;
  industries: string[];
  languages: string[];
  bio: string | null;
  yearsOfExperience: number | null;
  cvUrl: string | null;
  videoUrl: string | null;
  /** The resumable upload whose video the profile waits for (out of the review queue until it arrives), or null. */
  videoUploadId: string | null;
  visibility: ProfileVisibility;
  reviewStatus: ReviewStatus;
  /** Why the last review sent the profile back (codes of REJECTION_REASONS); empty unless rejected. */
  reviewReasons: RejectionReason[];
  /** The reviewer's own words with the last decision, if any. */
  reviewNote: string | null;
  reviewedAt: string | null;
  submittedAt: string;
  /** When the job seeker last said they are still looking for work (companies see how long ago). */
  lookingConfirmedAt: string;
  /** The facts the review team checked, each with who and when (an edit of a fact removes its mark). */
  factVerifications: Partial<Record<VerifiableFact, FactVerification>>;
  /** The weekly e-mail of which companies looked at the profile is wanted. */
  activityEmails: boolean;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/still-looking: the token of the e-mail's link. */
export const stillLookingLinkSchema = z.object({ token: z.string({ error: 'The link is not valid' }).min(1, 'The link is not valid').max(200, 'The link is not valid') });

export const REVIEW_QUEUE_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const satisfies readonly ReviewStatus[];

/**
 * Why a profile is sent back, from a fixed list: the job seeker reads each one in their own language with what to
 * change (the e-mail and their profile page), so a reason is stored as its code, never as the reviewer's words.
 */
export const REJECTION_REASONS = ['video_person_or_voice', 'cv_unreadable', 'contact_details', 'facts_contradict', 'inappropriate', 'other'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** POST /api/admin/profiles/:id/reject: one or more reasons of the list, and an optional note ("other" needs one). */
export const rejectProfileSchema = z
  .object({
    reasons: z
      .array(z.enum(REJECTION_REASONS, { error: 'Please choose the reasons from the list' }), { error: 'Please choose at least one reason' })
      .min(1, 'Please choose at least one reason')
      .max(REJECTION_REASONS.length, 'Please choose the reasons from the list')
      .transform((reasons) => REJECTION_REASONS.filter((reason) => reasons.includes(reason))),
    note: text('Note', { multiline: true, error: 'The note must be text' }).max(1000, 'Please keep the note under 1000 characters').optional(),
  })
  .refine((body) => !body.reasons.includes('other') || Boolean(body.note), { path: ['note'], message: 'Please say in the note what to change' });
export type RejectProfileInput = z.input<typeof rejectProfileSchema>;

// Business constants of the product, used by client and server alike.
// Nothing here is written twice: texts derive their numbers from these values.

export const ROLES = ['job_seeker', 'company'] as const;
export type Role = (typeof ROLES)[number];

/** A new password's length, in characters. Here rather than beside the account schemas: forms that show it load zod later. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const USER_STATUSES = ['pending', 'active', 'rejected', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

// 'closed': the owner deleted the account; the company stays only as the buyer of its invoices.
export const SUBSCRIPTION_STATUSES = ['pending_payment', 'active', 'expired', 'suspended', 'closed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const CURRENCY = 'AED';
/** Money is kept in fils: 1 AED = 100 fils. */
export const FILS_PER_AED = 100;

export const PLAN_IDS = ['monthly', 'quarterly', 'annual'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  months: number;
  /** Price per month in fils. */
  monthlyPriceFils: number;
}

export const PLANS: Record<PlanId, Plan> = {
  monthly: { id: 'monthly', months: 1, monthlyPriceFils: 500 * FILS_PER_AED },
  quarterly: { id: 'quarterly', months: 3, monthlyPriceFils: 450 * FILS_PER_AED },
  annual: { id: 'annual', months: 12, monthlyPriceFils: 400 * FILS_PER_AED },
};

/** What one billing period of a plan costs, in fils. */
export function planPeriodPriceFils(plan: Plan): number {
  return plan.monthlyPriceFils * plan.months;
}

/** The advertised "from" price: the lowest monthly price of any plan, in fils. */
export const LOWEST_MONTHLY_PRICE_FILS = Math.min(...PLAN_IDS.map((id) => PLANS[id].monthlyPriceFils));

/** Whole AED amounts print without decimals, others with two (e.g. 1,350 or 12.50). */
export function formatAed(fils: number, locale = 'en'): string {
  const aed = fils / FILS_PER_AED;
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: Number.isInteger(aed) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(aed);
}

export const INDUSTRIES = [
  'Construction',
  'Hospitality',
  'Retail',
  'Manufacturing',
  'Healthcare',
  'Transportation',
  'Cleaning Services',
  'Security',
  'Warehouse',
  'Other',
] as const;

export const LANGUAGES = ['English', 'Arabic', 'Hindi', 'Urdu', 'Tagalog', 'Bengali', 'Malayalam', 'Tamil', 'Other'] as const;

export const LOCATIONS = [
  'Dubai, UAE',
  'Abu Dhabi, UAE',
  'Sharjah, UAE',
  'Ajman, UAE',
  'Ras Al Khaimah, UAE',
  'Fujairah, UAE',
  'Umm Al Quwain, UAE',
  'Riyadh, Saudi Arabia',
  'Jeddah, Saudi Arabia',
  'Dammam, Saudi Arabia',
  'Doha, Qatar',
  'Manama, Bahrain',
  'Kuwait City, Kuwait',
  'Muscat, Oman',
] as const;

export const COUNTRIES = ['UAE', 'Saudi Arabia', 'Qatar', 'Bahrain', 'Kuwait', 'Oman'] as const;

export const LIMITS = {
  fullNameMin: 2,
  phoneMin: 10,
  locationMin: 2,
  yearsOfExperienceMin: 0,
  yearsOfExperienceMax: 50,
  /** CV and resume: one file of at most 5 MB. */
  documentMaxBytes: 5 * 1024 * 1024,
  documentMaxFiles: 1,
  videoMaxBytes: 100 * 1024 * 1024,
  candidateCardSkills: 3,
} as const;

export const DOCUMENT_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const DOCUMENT_CONTENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
// WebM is what a browser's camera records (Chrome, Android); every type is made an MP4 before companies see it.
export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/quicktime', 'video/x-msvideo', 'video/webm'] as const;

/**
 * What the page's recorder asks of the camera and the encoder: 720p at most (1280 by 720; a phone held upright films
 * 720 by 1280, so both sides may reach 1280), about 1 Mbit/s of picture and 64 kbit/s of sound, so a minute is at most
 * about 8 MB on mobile data. The app makes every video a 1.2 Mbit/s MP4 anyway (docs/video.md); more would only cost
 * the job seeker's data. No aspect ratio is asked: a picture the browser must crop from a larger one is encoded at the
 * larger one's size (Chromium hands the recorder the cropped part unscaled: 1216x2160 for a 720x1280 crop of 4K).
 * `npm run bench:recording` measures what a minute comes to.
 */
export const VIDEO_RECORDING = {
  /**
   * Containers and codecs, the first the browser records wins: H.264 where it can (phones encode it in hardware; it
   * plays everywhere), else VP8. Chrome's plain 'video/mp4' is VP9, slow to encode on a phone and over the bitrate
   * asked with a real camera's grain, so it comes last, for Safari, whose MP4 is H.264.
   */
  types: ['video/mp4;codecs=avc1,mp4a', 'video/mp4;codecs=avc1,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'],
  video: { width: { ideal: 1280, max: 1280 }, height: { ideal: 720, max: 1280 }, frameRate: { ideal: 24, max: 30 } },
  audio: { channelCount: { ideal: 1 }, echoCancellation: true, noiseSuppression: true },
  videoBitsPerSecond: 1_000_000,
  audioBitsPerSecond: 64_000,
} as const;

export const TIMING = {
  /** Activation after payment, and the sales team's answer, within this many hours. */
  activationHours: 24,
  salesResponseHours: 24,
  roleRedirectMs: 1000,
  toastDurationMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  toastLimit: 1,
  toastSwipeThreshold: 50,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
} as const;

/**
 * A reviewer who opens a profile holds it this long; the page renews the claim while it stays open, so others see
 * who is on it and the queue skips it. A claim left behind (a closed tab) lapses on its own.
 */
export const REVIEW_CLAIM = { durationMs: 5 * 60_000, renewEveryMs: 60_000 } as const;

/** Date the early-access offer ends unless configured otherwise (EARLY_ACCESS_END). */
export const DEFAULT_EARLY_ACCESS_END = '2025-11-15';

/**
 * Date the legal pages (privacy policy and terms) were last changed: also their version. Accounts agree to a version;
 * a newer one is asked again at the next sign-in (docs/decisions/0037).
 */
export const LEGAL_LAST_UPDATED = '2026-11-26';

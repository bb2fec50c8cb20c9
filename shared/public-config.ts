// Settings the server hands to the browser with the page (no extra request at start-up).

export interface PublicConfig {
  productName: string;
  supportEmail: string;
  /** Where Contact Sales requests go, for the form's 'or write to us' link. */
  salesEmail: string;
  /** Last day of the early-access offer, YYYY-MM-DD (Gulf time). */
  earlyAccessEnd: string;
  /** Whether the offer still runs, by the server's clock when the page was served. */
  earlyAccessActive: boolean;
  /** External form the job-seeker Join Early Access button opens, when one is configured. */
  earlyAccessFormUrl: string | null;
  /** Name on the 'Continue with …' button when an OpenID Connect provider is configured. */
  oidcProviderName: string | null;
  /** The longest introduction video the page records, in seconds. */
  videoRecordSeconds: number;
}

/** The Gulf's business day: UAE time, UTC+4 all year (no daylight saving). */
const GULF_UTC_OFFSET = '+04:00';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The offer runs through the whole of its last day, Gulf time. */
export function isEarlyAccessActive(lastDay: string, now: Date): boolean {
  const endsAt = Date.parse(`${lastDay}T00:00:00${GULF_UTC_OFFSET}`) + DAY_MS;
  return now.getTime() < endsAt;
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';

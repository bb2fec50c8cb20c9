// The environment's variables as zod reads them: each one's type, default and message, and the checks across them.
// Apart from config.ts, which reads process.env and builds the Config from what this schema parses.
import { z } from 'zod';
import { DEFAULT_EARLY_ACCESS_END } from '#shared/constants.ts';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const flag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false', '1', '0'], 'must be true or false')
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
);

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'must be a real calendar date');

/** Placeholders of the seller on invoices: the embedded default works, and what it prints is plainly an example. */
export const SELLER_PLACEHOLDERS = {
  address: 'Office 000, Example Business Centre, Dubai, United Arab Emirates',
  trn: '100000000000003',
  iban: 'AE070331234567890123456',
  bankName: 'Example Bank PJSC',
  swift: 'EXAMAEAD',
} as const;

const text = (max: number) => z.string().trim().min(1, 'must not be blank').max(max, `must be at most ${max} characters`);
const compact = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '').toUpperCase() : value);

/** ISO 13616 check: move the first four characters to the end, letters to numbers (A=10), remainder 97 must be 1. */
export function ibanChecksumOk(iban: string): boolean {
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

export const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['production', 'development', 'test']).default('production')),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(5000)),
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(10_000)),

  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
  ),
  DATABASE_READ_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
  ),
  DATABASE_POOL_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(200).default(10)),

  PRODUCT_NAME: z.preprocess(emptyAsUndefined, z.string().max(60).default('Wazifa')),
  SUPPORT_EMAIL: z.preprocess(emptyAsUndefined, z.email().default('support@wazifa.example')),
  SALES_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),

  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  BACKUP_TIME: z.preprocess(emptyAsUndefined, z.string().regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be a time of day as HH:MM (UTC), or off').default('23:00')),
  BACKUP_KEEP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(365).default(7)),
  SESSION_IDLE_MINUTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(5).default(7 * 24 * 60)),
  SESSION_ABSOLUTE_HOURS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(30 * 24)),
  ADMIN_EMAILS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('')
      .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses'))),
  ),

  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  ),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().optional()),

  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  OIDC_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  OIDC_PROVIDER_NAME: z.preprocess(emptyAsUndefined, z.string().max(40).default('Single Sign-On')),

  EARLY_ACCESS_END: z.preprocess(emptyAsUndefined, isoDate.default(DEFAULT_EARLY_ACCESS_END)),
  EARLY_ACCESS_FORM_URL: optionalUrl,

  STORAGE_DRIVER: z.preprocess(emptyAsUndefined, z.enum(['local', 's3', 'gcs']).default('local')),
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_ENDPOINT: optionalUrl,
  S3_FORCE_PATH_STYLE: flag,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  GCS_BUCKET: optionalString,
  GCS_PROJECT_ID: optionalString,
  GCS_KEY_FILE: optionalString,

  VIDEO_DRIVER: z.preprocess(emptyAsUndefined, z.enum(['local', 'vimeo']).default('local')),
  VIMEO_ACCESS_TOKEN: optionalString,
  // The ffmpeg and ffprobe that make videos playable; the binaries installed with npm by default.
  VIDEO_RECORD_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(15).max(300).default(90)),
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,

  // The seller printed on every tax invoice, and where companies send their bank transfer.
  SELLER_NAME: z.preprocess(emptyAsUndefined, text(160).optional()),
  SELLER_ADDRESS: z.preprocess(emptyAsUndefined, text(300).default(SELLER_PLACEHOLDERS.address)),
  SELLER_TRN: z.preprocess(
    (v) => (typeof v === 'string' ? emptyAsUndefined(v.replace(/[\s-]/g, '')) : v),
    z.string().regex(/^\d{15}$/, 'must be the 15-digit Tax Registration Number (TRN)').default(SELLER_PLACEHOLDERS.trn),
  ),
  SELLER_BANK_ACCOUNT_NAME: z.preprocess(emptyAsUndefined, text(160).optional()),
  SELLER_IBAN: z.preprocess(
    (v) => emptyAsUndefined(compact(v)),
    z
      .string()
      .regex(/^AE\d{21}$/, 'must be a UAE IBAN: AE followed by 21 digits (23 characters)')
      .refine((v) => !/^AE\d{21}$/.test(v) || ibanChecksumOk(v), 'has a wrong check number; please copy it again from your bank')
      .default(SELLER_PLACEHOLDERS.iban),
  ),
  SELLER_BANK_NAME: z.preprocess(emptyAsUndefined, text(160).default(SELLER_PLACEHOLDERS.bankName)),
  SELLER_SWIFT: z.preprocess(
    (v) => emptyAsUndefined(compact(v)),
    z
      .string()
      .regex(/^[A-Z]{4}AE[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a UAE SWIFT/BIC code: 8 or 11 characters, AE in 5th and 6th place')
      .default(SELLER_PLACEHOLDERS.swift),
  ),
  // How many people (the owner included) a company's team may have on each plan.
  TEAM_SEATS_MONTHLY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(2)),
  TEAM_SEATS_QUARTERLY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(3)),
  TEAM_SEATS_ANNUAL: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(5)),
  VAT_RATE_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .min(0, 'must be between 0 and 100')
      .max(100, 'must be between 0 and 100')
      .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), 'must have at most 2 decimals')
      .default(5),
  ),
}).superRefine((e, ctx) => {
  const oidc = [e.OIDC_ISSUER_URL, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidc.some(Boolean) && !oidc.every(Boolean)) {
    for (const [name, value] of [['OIDC_ISSUER_URL', e.OIDC_ISSUER_URL], ['OIDC_CLIENT_ID', e.OIDC_CLIENT_ID], ['OIDC_CLIENT_SECRET', e.OIDC_CLIENT_SECRET]] as const) {
      if (!value) ctx.addIssue({ code: 'custom', path: [name], message: 'must be set with the other OIDC_ variables' });
    }
  }
  const required = (name: string, value: string | undefined, because: string) => {
    if (!value) ctx.addIssue({ code: 'custom', path: [name], message: `must be set when ${because}` });
  };
  if (e.STORAGE_DRIVER === 's3') {
    required('S3_BUCKET', e.S3_BUCKET, 'STORAGE_DRIVER is s3');
    // A key id without its secret (or the reverse) is a mistake, not a request for the SDK's default credentials.
    if (e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY) {
      required('S3_ACCESS_KEY_ID', e.S3_ACCESS_KEY_ID, 'S3_SECRET_ACCESS_KEY is set');
      required('S3_SECRET_ACCESS_KEY', e.S3_SECRET_ACCESS_KEY, 'S3_ACCESS_KEY_ID is set');
    }
  }
  if (e.STORAGE_DRIVER === 'gcs') required('GCS_BUCKET', e.GCS_BUCKET, 'STORAGE_DRIVER is gcs');
  if (e.VIDEO_DRIVER === 'vimeo') required('VIMEO_ACCESS_TOKEN', e.VIMEO_ACCESS_TOKEN, 'VIDEO_DRIVER is vimeo');
});

export type Env = z.input<typeof envSchema>;

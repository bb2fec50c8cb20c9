// The Config's parts that drivers and services receive on their own (storage, video, ffmpeg, billing), and how the
// billing part is made from the parsed environment; apart from config.ts so that file stays the reading of the environment.
import type { z } from 'zod';
import type { SellerDetails } from '#shared/company.ts';
import type { envSchema } from './config-env-schema.ts';

export interface BillingConfig {
  seller: SellerDetails;
  vatRateBasisPoints: number;
  /** Which seller details are still the placeholders (logged as a warning at start-up). */
  placeholders: string[];
}

export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      /** Any S3-compatible service (MinIO, Cloudflare R2, ...); unset means AWS. */
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Unset: the AWS SDK's default chain (environment, shared files, instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    }
  | {
      driver: 'gcs';
      bucket: string;
      projectId: string | undefined;
      /** A service-account key file; unset: Application Default Credentials. */
      keyFile: string | undefined;
    };

export type VideoConfig = { driver: 'local' } | { driver: 'vimeo'; accessToken: string };
export interface FfmpegConfig {
  ffmpegPath: string;
  ffprobePath: string;
}

export function billingConfig(e: z.output<typeof envSchema>, env: Record<string, string | undefined>): BillingConfig {
  const name = e.SELLER_NAME ?? `${e.PRODUCT_NAME} FZ-LLC`;
  const placeholders = ['SELLER_ADDRESS', 'SELLER_TRN', 'SELLER_IBAN', 'SELLER_BANK_NAME', 'SELLER_SWIFT'].filter((v) => !env[v]);
  return {
    seller: {
      name,
      address: e.SELLER_ADDRESS,
      trn: e.SELLER_TRN,
      email: e.SUPPORT_EMAIL,
      bank: { accountName: e.SELLER_BANK_ACCOUNT_NAME ?? name, iban: e.SELLER_IBAN, bankName: e.SELLER_BANK_NAME, swift: e.SELLER_SWIFT },
    },
    vatRateBasisPoints: Math.round(e.VAT_RATE_PERCENT * 100),
    placeholders,
  };
}

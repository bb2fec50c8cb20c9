import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SELLER_PLACEHOLDERS } from './config-env-schema.ts';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no environment at all', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      env: 'production',
      port: 5000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:5000',
      dataDir: path.resolve('/srv/app', './data'),
      databaseUrl: undefined,
      productName: 'Wazifa',
      earlyAccessEnd: '2025-11-15',
      trustProxy: false,
    });
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', PRODUCT_NAME: '' });
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.productName).toBe('Wazifa');
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://localhost/db',
        DATABASE_READ_URL: 'replica.internal:5432',
        SUPPORT_EMAIL: 'not-an-address',
        EARLY_ACCESS_END: '2025-02-30x',
        LOG_LEVEL: 'loud',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'DATABASE_READ_URL', 'SUPPORT_EMAIL', 'EARLY_ACCESS_END', 'LOG_LEVEL']) {
      expect(problems).toContain(`${name}:`);
    }
  });

  it('keeps files and videos on this machine by default', () => {
    const config = loadConfig({});
    expect(config.storage).toEqual({ driver: 'local' });
    expect(config.video).toEqual({ driver: 'local' });
  });

  it('names the variables a chosen storage or video driver is missing', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ STORAGE_DRIVER: 's3' })).toEqual(['S3_BUCKET: must be set when STORAGE_DRIVER is s3']);
    expect(problems({ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIA' })).toEqual([
      'S3_SECRET_ACCESS_KEY: must be set when S3_ACCESS_KEY_ID is set',
    ]);
    expect(problems({ STORAGE_DRIVER: 'gcs' })).toEqual(['GCS_BUCKET: must be set when STORAGE_DRIVER is gcs']);
    expect(problems({ VIDEO_DRIVER: 'vimeo', VIMEO_ACCESS_TOKEN: '' })).toEqual([
      'VIMEO_ACCESS_TOKEN: must be set when VIDEO_DRIVER is vimeo',
    ]);
    expect(problems({ STORAGE_DRIVER: 'azure', S3_FORCE_PATH_STYLE: 'yes' }).map((p) => p.split(':')[0])).toEqual([
      'STORAGE_DRIVER',
      'S3_FORCE_PATH_STYLE',
    ]);
  });

  it('reads the production storage and video drivers', () => {
    const s3 = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'wazifa-files',
      S3_ENDPOINT: 'https://minio.internal:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
      VIDEO_DRIVER: 'vimeo',
      VIMEO_ACCESS_TOKEN: 'token',
    });
    expect(s3.storage).toEqual({
      driver: 's3',
      bucket: 'wazifa-files',
      region: 'us-east-1',
      endpoint: 'https://minio.internal:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' },
    });
    expect(s3.video).toEqual({ driver: 'vimeo', accessToken: 'token' });
    const gcs = loadConfig({ STORAGE_DRIVER: 'gcs', GCS_BUCKET: 'wazifa-files', GCS_KEY_FILE: 'keys/sa.json' }, '/srv/app');
    expect(gcs.storage).toEqual({ driver: 'gcs', bucket: 'wazifa-files', projectId: undefined, keyFile: '/srv/app/keys/sa.json' });
  });

  it('reads production settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/wazifa',
      DATABASE_READ_URL: 'postgres://app:secret@db-replica.internal:5432/wazifa',
      PUBLIC_URL: 'https://wazifa.example/',
      TRUST_PROXY: '1',
      SUPPORT_EMAIL: 'help@wazifa.example',
    });
    expect(config.databaseUrl).toBe('postgres://app:secret@db.internal:5432/wazifa');
    expect(config.databaseReadUrl).toBe('postgres://app:secret@db-replica.internal:5432/wazifa');
    expect(config.publicUrl).toBe('https://wazifa.example');
    expect(config.trustProxy).toBe(1);
    expect(config.supportEmail).toBe('help@wazifa.example');
  });

  it('prints placeholder seller details on invoices until they are set, with 5% VAT', () => {
    const config = loadConfig({ PRODUCT_NAME: 'Hire Gulf', SUPPORT_EMAIL: 'billing@hiregulf.example' });
    expect(config.billing).toEqual({
      seller: {
        name: 'Hire Gulf FZ-LLC',
        address: SELLER_PLACEHOLDERS.address,
        trn: SELLER_PLACEHOLDERS.trn,
        email: 'billing@hiregulf.example',
        bank: { accountName: 'Hire Gulf FZ-LLC', iban: SELLER_PLACEHOLDERS.iban, bankName: SELLER_PLACEHOLDERS.bankName, swift: SELLER_PLACEHOLDERS.swift },
      },
      vatRateBasisPoints: 500,
      placeholders: ['SELLER_ADDRESS', 'SELLER_TRN', 'SELLER_IBAN', 'SELLER_BANK_NAME', 'SELLER_SWIFT'],
    });
  });

  it('reads the seller and the VAT rate, written as people copy them', () => {
    const config = loadConfig({
      SELLER_NAME: 'Wazifa Technologies FZ-LLC',
      SELLER_ADDRESS: 'Office 1204, Tower B, Business Bay, Dubai, UAE',
      SELLER_TRN: '100 2345 6789 0003',
      SELLER_BANK_ACCOUNT_NAME: 'WAZIFA TECHNOLOGIES FZ LLC',
      SELLER_IBAN: 'ae07 0331 2345 6789 0123 456',
      SELLER_BANK_NAME: 'Emirates Example Bank',
      SELLER_SWIFT: 'ebilaead xxx',
      VAT_RATE_PERCENT: '7.5',
    });
    expect(config.billing.seller).toMatchObject({
      name: 'Wazifa Technologies FZ-LLC',
      trn: '100234567890003',
      bank: { accountName: 'WAZIFA TECHNOLOGIES FZ LLC', iban: 'AE070331234567890123456', bankName: 'Emirates Example Bank', swift: 'EBILAEADXXX' },
    });
    expect(config.billing.vatRateBasisPoints).toBe(750);
    expect(config.billing.placeholders).toEqual([]);
    expect(loadConfig({ VAT_RATE_PERCENT: '0' }).billing.vatRateBasisPoints).toBe(0);
  });

  it.each([
    ['SELLER_TRN', '12345', 'must be the 15-digit Tax Registration Number (TRN)'],
    ['SELLER_TRN', '10023456789000A', 'must be the 15-digit Tax Registration Number (TRN)'],
    ['SELLER_IBAN', 'GB82WEST12345698765432', 'must be a UAE IBAN: AE followed by 21 digits (23 characters)'],
    ['SELLER_IBAN', 'AE07033123456789012345', 'must be a UAE IBAN: AE followed by 21 digits (23 characters)'],
    ['SELLER_IBAN', 'AE080331234567890123456', 'has a wrong check number; please copy it again from your bank'],
    ['SELLER_SWIFT', 'EBILGB2L', 'must be a UAE SWIFT/BIC code: 8 or 11 characters, AE in 5th and 6th place'],
    ['SELLER_SWIFT', 'EBIL', 'must be a UAE SWIFT/BIC code: 8 or 11 characters, AE in 5th and 6th place'],
    ['SELLER_ADDRESS', '   ', 'must not be blank'],
    ['VAT_RATE_PERCENT', 'five', 'must be a number'],
    ['VAT_RATE_PERCENT', '-1', 'must be between 0 and 100'],
    ['VAT_RATE_PERCENT', '101', 'must be between 0 and 100'],
    ['VAT_RATE_PERCENT', '5.125', 'must have at most 2 decimals'],
  ])('refuses %s=%s', (name, value, message) => {
    let problems: string[] = [];
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      problems = (err as ConfigError).problems;
    }
    expect(problems).toEqual([`${name}: ${message}`]);
  });
});

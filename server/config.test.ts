import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
        SUPPORT_EMAIL: 'not-an-address',
        EARLY_ACCESS_END: '2025-02-30x',
        LOG_LEVEL: 'loud',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'SUPPORT_EMAIL', 'EARLY_ACCESS_END', 'LOG_LEVEL']) {
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
      PUBLIC_URL: 'https://wazifa.example/',
      TRUST_PROXY: '1',
      SUPPORT_EMAIL: 'help@wazifa.example',
    });
    expect(config.databaseUrl).toBe('postgres://app:secret@db.internal:5432/wazifa');
    expect(config.publicUrl).toBe('https://wazifa.example');
    expect(config.trustProxy).toBe(1);
    expect(config.supportEmail).toBe('help@wazifa.example');
  });
});

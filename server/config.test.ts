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

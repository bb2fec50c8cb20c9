import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { requestLogger } from './logger.ts';

describe('request log', () => {
  it('leaves out the token of a link opened from an e-mail, and keeps the rest of the address', async () => {
    const lines: string[] = [];
    const logger = pino(new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) }));
    const app = express().use(requestLogger(logger)).get('/{*path}', (_req, res) => void res.send('ok'));
    await request(app).get('/reset-password?token=s3cr3t-t0k3n&lang=en').expect(200);
    await request(app).get('/verify-email?lang=en&token=an0th3r').expect(200);
    const urls = lines.map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    expect(urls).toEqual(['/reset-password?token=[hidden]&lang=en', '/verify-email?lang=en&token=[hidden]']);
    expect(lines.join('')).not.toMatch(/s3cr3t|an0th3r/);
  });
});

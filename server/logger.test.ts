import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './http/errors.ts';
import { DomainError } from './domain-error.ts';
import { redactUrl, requestLogger } from './logger.ts';

/** An app that logs its requests as the product does, into lines kept here. */
function loggedApp() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const app = express();
  app.use(requestLogger(pino({ level: 'info' }, stream)));
  const api = express.Router();
  // Refused as the storage refuses a bad upload link: through the error handler, which logs the refusal too.
  api.put('/uploads/:token', (_req, _res, next) => next(new DomainError('upload.link_invalid')));
  app.use('/api', api);
  app.use((_req, res) => void res.send('page'));
  app.use(errorHandler);
  const urls = () => lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter((url) => url !== undefined);
  return { app, lines, urls };
}

const SECRET = 'hR3xq9Lw0bT7kVmZs2NcYp4uE8aJfDgQ';

describe('the request log', () => {
  it.each([
    ['the password reset link', `/reset-password?token=${SECRET}`, '/reset-password?token=[redacted]'],
    ['the e-mail verification link', `/verify-email?token=${SECRET}&next=%2Fprofile`, '/verify-email?token=[redacted]&next=%2Fprofile'],
    ['a token written in another case or encoded', `/verify-email?TOKEN=${SECRET}&to%6Ben=${SECRET}`, '/verify-email?TOKEN=[redacted]&to%6Ben=[redacted]'],
    ['a token given twice', `/reset-password?token=${SECRET}&token=${SECRET}`, '/reset-password?token=[redacted]&token=[redacted]'],
    ['the sign-in provider answer', `/api/callback?code=${SECRET}&state=${SECRET}&iss=https%3A%2F%2Fid.example`, '/api/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fid.example'],
    ['a signed link', `/files?X-Amz-Signature=${SECRET}&X-Amz-Security-Token=${SECRET}&X-Amz-Expires=300`, '/files?X-Amz-Signature=[redacted]&X-Amz-Security-Token=[redacted]&X-Amz-Expires=300'],
  ])('redacts %s', async (_name, url, logged) => {
    const { app, lines, urls } = loggedApp();
    await request(app).get(url).expect(200);
    expect(urls()).toEqual([logged]);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('redacts the signed upload path, also when the upload is refused', async () => {
    const { app, lines, urls } = loggedApp();
    await request(app).put(`/api/uploads/${SECRET}.${SECRET}`).send('x').expect(403);
    await request(app).put(`/API/Uploads/${SECRET}?x=1`).send('x').expect(403);
    // Each request twice: the refusal, then the answer.
    expect(urls()).toEqual(['/api/uploads/[redacted]', '/api/uploads/[redacted]', '/API/Uploads/[redacted]?x=1', '/API/Uploads/[redacted]?x=1']);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('keeps everything else as it was', async () => {
    const { app, urls } = loggedApp();
    await request(app).get('/api/candidates?q=hotel&sort=newest&cursor=abc').expect(200);
    await request(app).get('/objects/cv/0f9e0c55-8d5d-4b5e-9d47-1c3c6a1a2b3c?view=inline').expect(200);
    expect(urls()).toEqual(['/api/candidates?q=hotel&sort=newest&cursor=abc', '/objects/cv/0f9e0c55-8d5d-4b5e-9d47-1c3c6a1a2b3c?view=inline']);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=', '/reset-password?token=[redacted]'],
    ['/reset-password?token', '/reset-password?token'],
    ['/?a=1&&b=2', '/?a=1&&b=2'],
    ['/?to%zzken=1', '/?to%zzken=1'],
    ['/api/uploads/', '/api/uploads/'],
    ['/api/uploadsx/abc', '/api/uploadsx/abc'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

// Which failures the client may retry: the database (or its connection) being unavailable is one, a bug is not.
import express from 'express';
import pg from 'pg';
import pino from 'pino';
import pinoHttp from 'pino-http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './errors.ts';

function answerTo(err: unknown) {
  const app = express();
  app.use(pinoHttp({ logger: pino({ level: 'silent' }) }));
  app.get('/', () => {
    throw err;
  });
  app.use(errorHandler);
  return request(app).get('/');
}

const databaseError = (code: string, message: string) => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code, severity: 'FATAL' });
const systemError = (code: string, syscall: string) => Object.assign(new Error(`${syscall} ${code}`), { code, syscall, errno: -1 });

describe('errorHandler', () => {
  it.each([
    ['a refused connection', systemError('ECONNREFUSED', 'connect')],
    ['a missing socket', systemError('ENOENT', 'connect')],
    ['a connection timeout', new Error('Connection terminated due to connection timeout')],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['a connection lost in a query', new Error('Connection terminated unexpectedly')],
    ['a connection lost before a query', new Error('Client has encountered a connection error and is not queryable')],
    ['a database shutting down', databaseError('57P01', 'terminating connection due to administrator command')],
    ['a database starting up', databaseError('57P03', 'the database system is starting up')],
    ['too many connections', databaseError('53300', 'sorry, too many clients already')],
    ['a wrapped cause', new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') })],
  ])('answers %s with 503 and Retry-After', async (_, err) => {
    const res = await answerTo(err);
    expect(res.status).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toEqual({ code: 'common.unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' });
  });

  it.each([
    ['a missing file', systemError('ENOENT', 'open')],
    ['a failed statement', databaseError('42601', 'syntax error at or near "selec"')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('still answers %s with 500', async (_, err) => {
    const res = await answerTo(err);
    expect(res.status).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});

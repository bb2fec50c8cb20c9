// The bench's load runners and their statistics: closed loop (autocannon), open loop (Poisson arrivals), SQL alone,
// and the app's peak memory. Apart from the bench's steps (scripts/bench.ts), which set up what they load.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import type pg from 'pg';
import { randomSource } from '../seed/random-source.ts';

export interface Run {
  name: string;
  latencies: number[];
  seconds: number;
  /** Requests that failed or were not answered 200. */
  failures: number;
  /** The app's largest resident set during the run (MB), when measured. */
  rssMb?: number;
}

/** Samples a process's resident memory (Linux /proc) until stopped; answers the largest, in MB. */
export function watchRss(pid: number) {
  let peak = 0;
  const sample = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {
      // Not Linux, or the process is gone: nothing to add.
    }
  };
  sample();
  const timer = setInterval(sample, 200);
  return () => {
    clearInterval(timer);
    sample();
    return Math.round(peak);
  };
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
export function stats(run: Run) {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), rps: sorted.length / run.seconds, n: sorted.length };
}

interface LoadOptions {
  name: string;
  base: string;
  paths: string[];
  cookies: string[];
  connections: number;
  seconds: number;
}

/** Closed loop (autocannon): each connection sends its next request as soon as the last one is answered. */
export async function apiRun(options: LoadOptions): Promise<Run> {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const cannon: autocannon.Options = {
    url: options.base,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        setupRequest: (req) => {
          const i = next++;
          return { ...req, path: options.paths[i % options.paths.length]!, headers: { ...req.headers, cookie: options.cookies[i % options.cookies.length]! } };
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(cannon, (err, done) => (err ? reject(err) : resolve(done)));
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => latencies.push(responseTime));
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${options.name}: ${result.non2xx} answers not 2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { name: options.name, latencies, seconds: (performance.now() - started) / 1000, failures: 0 };
}

/**
 * Open loop: requests arrive at random (Poisson) at `rate` per second whether or not earlier ones were answered, over
 * at most `connections` keep-alive connections, as many users would send them. A latency counts from the moment
 * the request was due, so time spent waiting for a free connection counts too.
 */
export async function openLoopRun(options: LoadOptions & { rate: number }): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const random = randomSource(7);
  const latencies: number[] = [];
  const answers: Promise<void>[] = [];
  let failures = 0;
  const started = performance.now();
  let due = started;
  for (let n = 0; ; n++) {
    due += (-Math.log(1 - random.next()) * 1000) / options.rate;
    if (due > started + options.seconds * 1000) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = due;
    answers.push(
      new Promise<void>((resolve) => {
        http
          .get(`${options.base}${options.paths[n % options.paths.length]}`, { agent, headers: { cookie: options.cookies[n % options.cookies.length] } }, (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode === 200) latencies.push(performance.now() - sent);
              else failures++;
              resolve();
            });
          })
          .on('error', () => {
            failures++;
            resolve();
          });
      }),
    );
  }
  await Promise.all(answers);
  agent.destroy();
  return { name: options.name, latencies, seconds: (performance.now() - started) / 1000, failures };
}

export interface SqlStep {
  /** Set for prepared statements, as the service sends them. */
  name?: string | undefined;
  text: string;
  params: unknown[];
}

export async function sqlRun(options: { name: string; pool: pg.Pool; requests: SqlStep[][]; connections: number; seconds: number }): Promise<Run> {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      const client = await options.pool.connect();
      try {
        while (performance.now() < until) {
          const steps = options.requests[next++ % options.requests.length]!;
          const t = performance.now();
          for (const step of steps) await client.query({ name: step.name, text: step.text, values: step.params });
          latencies.push(performance.now() - t);
        }
      } finally {
        client.release();
      }
    }),
  );
  return { name: options.name, latencies, seconds: (performance.now() - started) / 1000, failures: 0 };
}


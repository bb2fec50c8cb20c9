import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './app.ts';

/** The header helmet sends for these options. */
function header(options: ReturnType<typeof contentSecurityPolicy>): Map<string, string> {
  let value = '';
  const res = { setHeader: (_name: string, v: string) => (value = v) } as unknown as ServerResponse;
  helmet.contentSecurityPolicy(options)({} as IncomingMessage, res, () => {});
  return new Map(value.split(';').map((d) => d.trim().split(/ (.*)/) as [string, string]));
}

describe('contentSecurityPolicy', () => {
  it('allows nothing external with the local drivers', () => {
    const csp = header(contentSecurityPolicy('production'));
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.has('frame-src')).toBe(false); // falls back to default-src 'self'
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('worker-src')).toBe("'self'"); // the offline shell's /sw.js
  });

  it('lets the browser PUT to the bucket and frame the video player, and nothing more', () => {
    const csp = header(
      contentSecurityPolicy('production', {
        uploadOrigin: 'https://wazifa-files.s3.me-central-1.amazonaws.com',
        playerOrigin: 'https://player.vimeo.com',
      }),
    );
    expect(csp.get('connect-src')).toBe("'self' https://wazifa-files.s3.me-central-1.amazonaws.com");
    expect(csp.get('frame-src')).toBe("'self' https://player.vimeo.com");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
  });

  it('keeps the hot-reload socket in development next to the bucket', () => {
    const csp = header(contentSecurityPolicy('development', { uploadOrigin: 'https://storage.googleapis.com' }));
    expect(csp.get('connect-src')).toBe("'self' ws: https://storage.googleapis.com");
  });
});

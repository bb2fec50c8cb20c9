import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isAppRoute } from '#shared/app-routes.ts';

describe('the app’s routes as the server knows them', () => {
  it('are the routes the app’s router has, every one', () => {
    const source = readFileSync(path.join(import.meta.dirname, 'App.tsx'), 'utf8');
    const routed = [...source.matchAll(/<Route path="([^"]+)"/g)].map((match) => match[1]);
    expect(routed.length).toBeGreaterThan(30);
    expect([...routed].sort()).toEqual([...APP_ROUTES].sort());
  });

  it('match a path as the router does: one part for a name, the rest for a star, a trailing slash and case aside', () => {
    for (const known of ['/', '/about', '/About/', '/employers/gulf-star', '/employers/gulf-star/report', '/admin', '/admin/review/123', '/get-started/company']) {
      expect(isAppRoute(known), known).toBe(true);
    }
    for (const unknown of ['/no-such-page', '/about/us', '/employers', '/employers/a/b/c', '/dashboard/candidates', '/index.php', '/wp-login.php']) {
      expect(isAppRoute(unknown), unknown).toBe(false);
    }
  });
});

// The routes an app declares, read from Express' own router, so a test covers every route, including those added
// after it was written.
import type { TestApp } from './app.ts';

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
  slash?: boolean;
}

export interface DeclaredRoute {
  method: string;
  /** The path as declared, mount paths included: '/api/admin/profiles/:id'. */
  path: string;
}

function walk(stack: Layer[], prefix: string): DeclaredRoute[] {
  return stack.flatMap((layer) => {
    if (layer.route && typeof layer.route.path === 'string') {
      const path = layer.route.path;
      return Object.keys(layer.route.methods)
        .filter((m) => m !== '_all')
        .map((m) => ({ method: m.toUpperCase(), path: `${prefix}${path}` }));
    }
    if (layer.handle?.stack) {
      const mount = layer.slash || typeof layer.rawPath !== 'string' ? '' : layer.rawPath;
      return walk(layer.handle.stack, prefix + mount);
    }
    return [];
  });
}

/** Every route of the app as { method, path }. */
export function declaredRoutes(testApp: TestApp): DeclaredRoute[] {
  return walk((testApp.app as unknown as { router: { stack: Layer[] } }).router.stack, '');
}

// The client's zod: every `import … from 'zod'` in the client's build comes here (vite.config.ts), so zod is told
// never to try `new Function` before any schema is made. zod builds fast object parsers with it when the page allows
// it, and finds out by trying once, as the first object schema is made; the page's policy forbids evaluating strings,
// so the browser reported that try as a violation on every page with a form. Here, rather than first thing in the
// entry, zod comes with the first page that has a form instead of with every page.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';

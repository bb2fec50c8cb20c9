// `npm run build`: the client for browsers and the renderer of its public pages (scripts/build/client-build.ts).
import { buildClient } from './build/client-build.ts';

await buildClient();

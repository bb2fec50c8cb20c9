// The product's version as package.json gives it: each process records it with its heartbeat, and the console's
// System page shows it, so an operator sees which version every instance runs.
import { readFileSync } from 'node:fs';

export const PRODUCT_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

// Browser tests run against the production build of the client, built once per run.
import path from 'node:path';
import { build } from 'vite';

export default async function setup() {
  await build({ configFile: path.resolve(import.meta.dirname, '../../vite.config.ts'), logLevel: 'warn' });
}

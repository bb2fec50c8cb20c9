// Browser tests run against the production build of the client, built once per run.
import path from 'node:path';
import { build } from 'vite';

export default async function setup() {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.resolve(import.meta.dirname, '../../vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    process.env.NODE_ENV = previous;
  }
}

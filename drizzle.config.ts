import { defineConfig } from 'drizzle-kit';

// Only `npm run db:generate` uses this file: it writes SQL migrations into migrations/ from shared/schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './shared/schema.ts',
  out: './migrations',
});

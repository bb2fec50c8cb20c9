// `npm run db:migrate`: applies the migrations without starting the server.
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';

const { close } = await openDatabase(loadConfig());
await close();
console.log('Migrations applied.');

// `npm run db:migrate`: applies the migrations without starting the server.
import { loadConfig } from '../server/config.ts';
import { openDatabaseForCommand } from '../server/db/open.ts';

const { close } = await openDatabaseForCommand(loadConfig());
await close();
console.log('Migrations applied.');

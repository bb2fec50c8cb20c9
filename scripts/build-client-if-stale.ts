// `npm start` builds the client only when it is missing or older than its sources,
// so the first start after `npm install` works and later starts are quick.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/page-renderer/render-public-page.js');
const sources = ['client', 'shared', 'vite.config.ts', 'tailwind.config.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

const sourceTime = Math.max(...sources.map((s) => path.join(root, s)).filter(existsSync).map(newestMtime));
if (existsSync(built) && statSync(built).mtimeMs >= sourceTime) process.exit(0);

console.log('Building the client (npm run build)...');
const result = spawnSync(process.execPath, ['scripts/build-client.ts'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);

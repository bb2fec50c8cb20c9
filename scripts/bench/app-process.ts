// The app as the bench runs it: in a child process of its own (so the load generator does not share its event loop),
// on a loopback port with the local drivers. Apart from the bench's steps, which fork it and talk to it over HTTP.
import http from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../../server/app.ts';
import { systemClock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { createDatabase } from '../../server/db/client.ts';
import { createLocalStorage } from '../../server/storage/local.ts';
import { createLocalVideoHost } from '../../server/video/local.ts';
import { createFileVideoUploadStore } from '../../server/video/video-upload-store.ts';

const SESSION_SECRET = 'bench-session-secret-that-is-long-enough-to-use';

export async function serve() {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SESSION_SECRET,
    // Each company signs up from an address of its own (X-Forwarded-For from loopback), as real companies do.
    TRUST_PROXY: 'loopback',
    DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX,
  });
  const database = createDatabase(config.databaseUrl!, { max: config.databasePoolMax });
  const storage = createLocalStorage({ root: path.join(dataDir, 'objects'), secret: SESSION_SECRET, clock: systemClock });
  const videoHost = createLocalVideoHost({ db: database.db, storage });
  const app = createApp({ config, database, logger: pino({ level: 'silent' }), storage, videoHost, videoUploads: createFileVideoUploadStore(config.videoUploadDir) });
  const server = http.createServer(app);
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
  process.on('message', () => {
    server.closeAllConnections();
    server.close(() => void database.close().then(() => process.exit(0)));
  });
}

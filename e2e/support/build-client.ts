// Browser tests run against the production build of the client, built once per run.
import { buildClient } from '../../scripts/build/client-build.ts';

export default async function setup() {
  await buildClient({ logLevel: 'warn' });
}

// The collection while videos arrive: with --expose-gc it runs only while an upload is open, stops with the last
// one however it ends, and really collects; without the flag it does nothing and says so. Each case runs in a node
// of its own (server/test/upload-memory-child.ts), since the flag is the process's.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const child = path.resolve(import.meta.dirname, '../test/upload-memory-child.ts');
const run = (flags: string[]) => JSON.parse(execFileSync(process.execPath, [...flags, child], { encoding: 'utf8' }).trim().split('\n').pop()!);

describe('collecting the garbage of video uploads', () => {
  it('with --expose-gc, runs from the first open upload until the last one closes, and runs minor collections', () => {
    expect(run(['--expose-gc'])).toMatchObject({
      uploadGarbageCollection: true,
      afterGone: false,
      whileOpen: true,
      afterFirstClose: true,
      afterLastClose: false,
    });
    const { minorCollections, garbageMiB } = run(['--expose-gc']);
    expect(minorCollections).toBeGreaterThan(0);
    // Collected after about 2 MiB of garbage, long before V8's own collection at about 64 MB.
    expect(garbageMiB).toBeLessThan(32);
  });

  it('without the flag, starts nothing and tells the server so', () => {
    expect(run([])).toMatchObject({ uploadGarbageCollection: false, afterGone: false, whileOpen: false, afterLastClose: false });
  });
});

import { statfsSync } from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { testTemporaryDirectory, useTestTemporaryDirectory } from './test-temporary-directory.ts';

describe('the test run’s temporary directory', () => {
  it('is /dev/shm where that is tmpfs with 4 GiB free, else the system’s', () => {
    let roomy = false;
    try {
      const stats = statfsSync('/dev/shm');
      roomy = stats.type === 0x01021994 && stats.bavail * stats.bsize >= 4 * 1024 ** 3;
    } catch {
      // No /dev/shm here.
    }
    expect(testTemporaryDirectory()).toBe(roomy ? '/dev/shm' : os.tmpdir());
  });

  it('is given to the processes the run starts through TMPDIR, and a TMPDIR given is kept', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(useTestTemporaryDirectory(env)).toBe(testTemporaryDirectory());
    expect(env.TMPDIR).toBe(testTemporaryDirectory());
    const given: NodeJS.ProcessEnv = { TMPDIR: '/somewhere/else' };
    expect(useTestTemporaryDirectory(given)).toBe('/somewhere/else');
    expect(given.TMPDIR).toBe('/somewhere/else');
  });
});

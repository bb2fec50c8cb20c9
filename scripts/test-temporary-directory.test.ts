import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { testTemporaryDirectory, useTestTemporaryDirectory } from './test-temporary-directory.ts';

const TMPFS = 0x01021994;
const EXT4 = 0xef53;
const GIB = 1024 ** 3;
const statsOf = (type: number, bytesFree: number) => () => ({ type, bavail: bytesFree / 4096, bsize: 4096 });

describe('the test run’s temporary directory', () => {
  it('is /dev/shm where that is tmpfs with 4 GiB free, else the system’s', () => {
    expect(testTemporaryDirectory(statsOf(TMPFS, 24 * GIB))).toBe('/dev/shm');
    expect(testTemporaryDirectory(statsOf(TMPFS, 64 * 1024 ** 2))).toBe(os.tmpdir());
    expect(testTemporaryDirectory(statsOf(EXT4, 24 * GIB))).toBe(os.tmpdir());
    const missing = () => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    };
    expect(testTemporaryDirectory(missing)).toBe(os.tmpdir());
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

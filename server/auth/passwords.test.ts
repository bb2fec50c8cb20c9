import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP parameters and a fresh salt each time', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('صباح الخير 123');
    expect(await verifyPassword('صباح الخير 123', hash)).toBe(true);
    expect(await verifyPassword('صباح الخير 124', hash)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
  });

  it('never accepts a password for an unknown account', async () => {
    expect(await verifyAgainstDummy('whatever')).toBe(false);
  });
});

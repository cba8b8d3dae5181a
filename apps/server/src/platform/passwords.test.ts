import { afterAll, describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, setPasswordHashCost, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  afterAll(() => setPasswordHashCost('test'));

  it("hashes with OWASP's argon2id parameters unless the test harness lowered them", async () => {
    // Worker state is shared between files (isolate: false): start from what a server starts with.
    setPasswordHashCost('owasp');
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await dummyHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
  });

  it('verifies a hash made at either cost, since the hash carries its parameters', async () => {
    setPasswordHashCost('test');
    const cheap = await hashPassword('pw');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    setPasswordHashCost('owasp');
    expect(await verifyPassword(cheap, 'pw')).toBe(true);
    expect(await verifyPassword('not a hash', 'pw')).toBe(false);
  });
});

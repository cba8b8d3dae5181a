import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id with OWASP's first recommended parameters: 19 MiB, 2 passes, 1 lane. What every server uses. */
export const OWASP_ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/**
 * The same argon2id at its smallest cost, for the server test suite only (test/harness.ts): it makes
 * thousands of accounts, and at the real cost hashing was a tenth of the suite's time. The code path is
 * the same; passwords.test.ts checks that the default is OWASP's.
 */
export const TEST_ARGON2ID = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

let options: Options = OWASP_ARGON2ID;

/** Test harness only. A stored hash names its own parameters, so verification works across both. */
export function setPasswordHashCost(cost: 'owasp' | 'test'): void {
  options = cost === 'test' ? TEST_ARGON2ID : OWASP_ARGON2ID;
  dummy = undefined;
}

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when no account matches keeps the answer time the same. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password'));

import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum, and
// about 30 ms on one core here, which keeps a login quick for a person and slow for a guesser.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verified against when the account does not exist, so that a wrong username takes as long as a
 * wrong password and the answer time does not tell which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
export function verifyAgainstNothing(password: string): Promise<boolean> {
  dummyHash ??= hash('ingen-konto-her');
  return dummyHash.then((h) => verifyPassword(h, password)).then(() => false);
}

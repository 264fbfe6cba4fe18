import { hash, verify } from '@node-rs/argon2';

// Passwords are hashed with argon2id (the library's defaults: 19 MiB, 2 passes, the OWASP
// recommendation). Unknown accounts still pay for one verification, so the time of an
// answer does not tell whether a username exists.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummy: Promise<string> | undefined;

/** True when `password` matches `stored`; a missing hash verifies against a dummy. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash('afterglow-dummy-password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

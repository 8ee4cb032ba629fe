// Passwords: argon2id hashes; a minimum length and a refusal of the most common passwords.
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '@gym/domain/api/auth-requests';
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

const COMMON = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'password1234',
  'passw0rd',
  '1234567890',
  '12345678910',
  '0123456789',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  '1q2w3e4r5t',
  'iloveyou12',
  'letmein123',
  'welcome123',
  'abcdefghij',
  'abc1234567',
  'trustno1234',
  'football12',
  'baseball12',
  'superman12',
  'aaaaaaaaaa',
  '1111111111',
  'changeme12',
  'admin12345',
  'administrator',
  'gympassword',
  'newzealand',
  'aotearoa123',
  'allblacks1',
]);

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > 200) return 'The password may not be longer than 200 characters.';
  if (COMMON.has(password.toLowerCase()) || /^(.)\1+$/.test(password))
    return 'This password is too common. Choose another.';
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// scrypt password hashes that name their own cost: "scrypt$N$r$p$salt$hash", salt and hash in base64url.
// New hashes use the cost of the deps' Passwords: OWASP's recommended one in production and `npm start`; a hash of
// another cost still verifies and is rehashed at the next sign-in. Only the tests' stacks choose a cheaper cost.
// Every hash runs on the hashing threads, a few at a time per process (hashing-threads.ts): more is 429.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { scrypt } from './hashing-threads.ts';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's recommended scrypt cost (128 MiB a hash): production's and `npm start`'s. */
export const strongCost: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const keyLength = 32;
/** Never verify against a stored hash that asks for more than this (scrypt needs 128·N·r bytes). */
const maxN = 2 ** 20;
const memoryFor = ({ N, r }: ScryptCost) => 128 * N * r * 2;

export async function hashPassword(password: string, cost: ScryptCost = strongCost): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, keyLength, { ...cost, maxmem: memoryFor(cost) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  const valid =
    scheme === 'scrypt' &&
    !!salt &&
    !!hash &&
    [cost.N, cost.r, cost.p].every((n) => Number.isInteger(n) && n > 0) &&
    cost.N <= maxN &&
    cost.r * cost.p <= 64;
  return valid ? { cost, salt: Buffer.from(salt!, 'base64url'), hash: Buffer.from(hash!, 'base64url') } : undefined;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.hash.length, {
    ...parsed.cost,
    maxmem: memoryFor(parsed.cost),
  });
  return timingSafeEqual(actual, parsed.hash);
}

/** Whether the hash was made at a cost other than this one and should be made anew. */
export function needsRehash(stored: string, current: ScryptCost = strongCost): boolean {
  const cost = parse(stored)?.cost;
  return !cost || cost.N !== current.N || cost.r !== current.r || cost.p !== current.p;
}

/** Verified against when the login does not exist, so both answers take the same time. */
export const decoyHashOf = ({ N, r, p }: ScryptCost) =>
  `scrypt$${N}$${r}$${p}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

/** Hashing and checking passwords at one cost: a dependency, so a test stack may choose a cheap one. */
export interface Passwords {
  cost: ScryptCost;
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  needsRehash(stored: string): boolean;
  /** A hash nothing matches, at this cost: checked when the login does not exist. */
  decoy: string;
}

export const scryptPasswords = (cost: ScryptCost = strongCost): Passwords => ({
  cost,
  hash: (password) => hashPassword(password, cost),
  verify: verifyPassword,
  needsRehash: (stored) => needsRehash(stored, cost),
  decoy: decoyHashOf(cost),
});

// scrypt password hashes that name their own cost: "scrypt$N$r$p$salt$hash", salt and hash in base64url.
// New hashes use OWASP's recommended cost; older, cheaper ones still verify and are rehashed at the next sign-in.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const currentCost: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const keyLength = 32;
/** Never verify against a stored hash that asks for more than this (scrypt needs 128·N·r bytes). */
const maxN = 2 ** 20;
const memoryFor = ({ N, r }: ScryptCost) => 128 * N * r * 2;

export async function hashPassword(password: string, cost: ScryptCost = currentCost): Promise<string> {
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

/** Whether the hash was made at a cost other than the current one and should be made anew. */
export function needsRehash(stored: string): boolean {
  const cost = parse(stored)?.cost;
  return !cost || cost.N !== currentCost.N || cost.r !== currentCost.r || cost.p !== currentCost.p;
}

/** Verified against when the login does not exist, so both answers take the same time. */
export const decoyHash = `scrypt$${currentCost.N}$${currentCost.r}$${currentCost.p}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

// Access tokens: HS256 JWTs signed with jose. Only HS256 is accepted, so alg=none and other
// algorithms are refused; the expiry is checked against the injected clock.
import { jwtVerify, SignJWT } from 'jose';
import type { Deps } from './deps.ts';

export const tokenLifetimeSeconds = 12 * 60 * 60;
const issuer = 'pickem';

export interface TokenClaims {
  userId: number;
  clientId: number;
}

export async function issueToken(deps: Pick<Deps, 'clock' | 'signingKey'>, claims: TokenClaims) {
  const issuedAt = Math.floor(deps.clock.now().getTime() / 1000);
  const access_token = await new SignJWT({ cid: claims.clientId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + tokenLifetimeSeconds)
    .sign(await deps.signingKey());
  return { access_token, token_type: 'Bearer' as const, expires_in: tokenLifetimeSeconds };
}

/** The token's claims, or undefined for anything malformed, tampered, expired or foreign. */
export async function verifyToken(
  deps: Pick<Deps, 'clock' | 'signingKey'>,
  token: string,
): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await deps.signingKey(), {
      algorithms: ['HS256'],
      issuer,
      currentDate: deps.clock.now(),
    });
    const userId = Number(payload.sub);
    const clientId = Number(payload.cid);
    return Number.isInteger(userId) && Number.isInteger(clientId) ? { userId, clientId } : undefined;
  } catch {
    return undefined;
  }
}

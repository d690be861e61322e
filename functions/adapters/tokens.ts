// Access tokens: HS256 JWTs signed with jose. Only HS256 is accepted, so alg=none and other
// algorithms are refused; every token must carry its expiry, checked against the injected clock.
// A token carries the user's token version, so raising it ends the user's sessions (docs/rules.md, Session), and the
// id of the key that signed it, so the key can rotate (functions/adapters/signing-key.ts), and the user's role: a role
// change ends the user's sessions too, so the token's role is the user's while it lives, and the auth guard reads the
// user, the client and the role at once (functions/http/auth-guard.ts). A sign-in with 'remember me' gets a token that
// lasts weeks, not hours, and says so, so a password change keeps the session as it was.
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { User } from '#domain/auth/user.ts';
import type { Deps } from './deps.ts';

export const tokenLifetimeSeconds = 12 * 60 * 60;
/**
 * A remembered sign-in's token lasts 28 days: shorter than the signing key's rotation (30 days, which Secrets Manager
 * may start up to a day early), so the key that signed it is at worst the one before when it expires.
 */
export const rememberedTokenSeconds = 28 * 24 * 60 * 60;
const issuer = 'pickem';

export interface TokenClaims {
  userId: number;
  clientId: number;
  tokenVersion: number;
  /** Missing in a token issued before tokens named the role. */
  roleId?: number;
  /** Issued by a sign-in with 'remember me' (or to a session that was): it lasts `rememberedTokenSeconds`. */
  remembered?: boolean;
}

/** A token for the user at their current token version (missing = 0). */
export async function issueToken(
  deps: Pick<Deps, 'clock' | 'signingKeys'>,
  claims: Omit<TokenClaims, 'tokenVersion'> & { tokenVersion?: number | undefined },
) {
  const issuedAt = Math.floor(deps.clock.now().getTime() / 1000);
  const signing = await deps.signingKeys.current();
  const role = claims.roleId === undefined ? {} : { rol: claims.roleId };
  const remembered = claims.remembered ? { rem: 1 } : {};
  const lifetime = claims.remembered ? rememberedTokenSeconds : tokenLifetimeSeconds;
  const access_token = await new SignJWT({
    cid: claims.clientId,
    ver: claims.tokenVersion ?? 0,
    ...role,
    ...remembered,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: signing.id })
    .setIssuer(issuer)
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetime)
    .sign(signing.key);
  return { access_token, token_type: 'Bearer' as const, expires_in: lifetime };
}

/** A token for the user as sign-in issues it: at the user's token version, naming the user's role. */
export const issueUserToken = (
  deps: Pick<Deps, 'clock' | 'signingKeys'>,
  user: Pick<User, 'id' | 'clientId' | 'roleId' | 'tokenVersion'>,
  remembered = false,
) =>
  issueToken(deps, {
    userId: user.id,
    clientId: user.clientId,
    tokenVersion: user.tokenVersion,
    roleId: user.roleId,
    remembered,
  });

/**
 * The token's claims, or undefined for anything malformed, tampered, expired, without expiry or foreign. Keys that
 * could not be read (Secrets Manager busy) are no verdict: their fault is thrown on (a 503), not a refusal (a 401,
 * which signs the user out).
 */
export async function verifyToken(
  deps: Pick<Deps, 'clock' | 'signingKeys'>,
  token: string,
): Promise<TokenClaims | undefined> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return undefined;
  }
  const key = await deps.signingKeys.named(kid);
  if (!key) return undefined;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer,
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: rememberedTokenSeconds,
      currentDate: deps.clock.now(),
      // Servers' clocks differ by a little; a token is not refused for a second or two of that.
      clockTolerance: 5,
    });
    const userId = Number(payload.sub);
    const clientId = Number(payload.cid);
    const tokenVersion = payload.ver === undefined ? 0 : Number(payload.ver);
    const role = payload.rol === undefined ? {} : { roleId: Number(payload.rol) };
    const remembered = payload.rem === 1;
    // A token lives as long as the kind it says it is, whatever its expiry claims.
    const lifetime = remembered ? rememberedTokenSeconds : tokenLifetimeSeconds;
    if (payload.exp! - payload.iat! > lifetime) return undefined;
    return [userId, clientId, tokenVersion, role.roleId ?? 0].every(Number.isInteger)
      ? { userId, clientId, tokenVersion, ...role, remembered }
      : undefined;
  } catch {
    return undefined;
  }
}

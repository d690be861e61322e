import { useSyncExternalStore } from 'react';

// With 'remember me' the token outlives the browser session (localStorage), otherwise it
// lives for this tab's session only (sessionStorage). It is read from either and cleared from both.
const tokenKey = 'pickem.token';
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToken(): string | null {
  return localStorage.getItem(tokenKey) ?? sessionStorage.getItem(tokenKey);
}

/** The token's claims, unverified (the server checks the token on every call); none when it cannot be read. */
function claimsOf(token: string): { cid?: unknown; sub?: unknown } {
  try {
    return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as object;
  } catch {
    return {};
  }
}

/**
 * The client the token was issued for (its `cid` claim): only a hint that lets the app ask for the client's sports
 * beside the user instead of after it.
 */
export function tokenClientId(token: string): number | undefined {
  const { cid } = claimsOf(token);
  return typeof cid === 'number' ? cid : undefined;
}

/**
 * Whose session the token is (its client and user): the same across a token renewed in the session (a password
 * change), another after a sign-out or for another user, so what one user loaded is never shown to the next.
 */
export function sessionOwner(token: string | null): string | null {
  if (!token) return null;
  const { cid, sub } = claimsOf(token);
  return cid === undefined || sub === undefined ? token : `${String(cid)}:${String(sub)}`;
}

export function startSession(token: string, remember: boolean): void {
  const [keep, drop] = remember ? [localStorage, sessionStorage] : [sessionStorage, localStorage];
  drop.removeItem(tokenKey);
  keep.setItem(tokenKey, token);
  notify();
}

/** Swaps the token of the running session for a newer one, kept where the old one was. */
export function renewSession(token: string): void {
  startSession(token, localStorage.getItem(tokenKey) !== null);
}

export function endSession(): void {
  localStorage.removeItem(tokenKey);
  sessionStorage.removeItem(tokenKey);
  notify();
}

/** The stored token; components re-render when a session starts or ends. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, getToken);
}

/** The signed-in session's owner (sessionOwner); components re-render when it changes, not when its token renews. */
export function useSessionOwner(): string | null {
  return useSyncExternalStore(subscribe, () => sessionOwner(getToken()));
}

import { useSyncExternalStore } from 'react';

// With 'remember me' the token outlives the browser session (localStorage), otherwise it
// lives for this tab's session only (sessionStorage). It is read from either and cleared from both.
const tokenKey = 'pickem.token';
// A session's id, kept beside its token: from a sign-in to its sign-out, the same across a token renewed within it.
const sessionIdKey = 'pickem.session';
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Another tab's sign-in or sign-out with 'remember me' (the tabs share localStorage, and every call sends the token
 * kept there): this tab follows it at once, instead of showing one user's pages while acting as another.
 */
const onStorage = (event: StorageEvent) => {
  if (event.key === null || event.key === tokenKey || event.key === sessionIdKey) notify();
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function getToken(): string | null {
  return localStorage.getItem(tokenKey) ?? sessionStorage.getItem(tokenKey);
}

/**
 * The client the token was issued for (its `cid` claim), unverified: only a hint that lets the app ask for the
 * client's sports beside the user instead of after it. The server checks the token on every call.
 */
export function tokenClientId(token: string): number | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { cid?: unknown };
    return typeof payload.cid === 'number' ? payload.cid : undefined;
  } catch {
    return undefined;
  }
}

/** The running session's id; a token kept before sessions had ids is its own. None when signed out. */
export function getSessionId(): string | null {
  const token = getToken();
  return token && (localStorage.getItem(sessionIdKey) ?? sessionStorage.getItem(sessionIdKey) ?? token);
}

function keepSession(token: string, remember: boolean, sessionId: string): void {
  const [keep, drop] = remember ? [localStorage, sessionStorage] : [sessionStorage, localStorage];
  for (const key of [tokenKey, sessionIdKey]) drop.removeItem(key);
  keep.setItem(tokenKey, token);
  keep.setItem(sessionIdKey, sessionId);
  notify();
}

/** A new session (a sign-in), with an id of its own. */
export function startSession(token: string, remember: boolean): void {
  keepSession(token, remember, `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);
}

/** Swaps the token of the running session for a newer one (a password change), kept where the old one was. */
export function renewSession(token: string): void {
  keepSession(token, localStorage.getItem(tokenKey) !== null, getSessionId() ?? token);
}

export function endSession(): void {
  for (const key of [tokenKey, sessionIdKey]) {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  }
  notify();
}

/** The stored token; components re-render when a session starts or ends. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, getToken);
}

/**
 * The running session's id (getSessionId); components re-render when a session starts or ends, not when its token
 * is renewed. What the app loads and the choices made belong to it, so the next session starts from nothing.
 */
export function useSessionId(): string | null {
  return useSyncExternalStore(subscribe, getSessionId);
}

// @vitest-environment happy-dom
// A sign-up whose answer never came may have made the account: asked again, its login is taken by that very account,
// so the app signs in with what was typed instead of saying the player's own login is taken; a login another person
// holds still says so.
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRegister } from '@/features/auth/api/register';
import { endSession, getToken } from '@/lib/session';
import { jsonAnswer } from './support/fake-server.tsx';

const fresh = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
);

const typed = {
  login: 'hana',
  emailAddress: 'hana@example.com',
  password: 'hana-harbor-secret',
  repeatPassword: 'hana-harbor-secret',
  displayName: 'Hana H.',
  firstName: 'Hana',
  lastName: 'Hale',
  phoneNumber: '+12025550149',
};
const taken = { error: "The login 'hana' is already taken", code: 'ALREADY_TAKEN' };

/** The server: the first sign-up is made but its answer is lost; later ones find the login taken. */
function server(password: string) {
  let made = false;
  return vi.fn(async (url: string, init?: RequestInit) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname.endsWith('/User/registration')) {
      if (made) return jsonAnswer(409, taken);
      made = true;
      throw new TypeError('Failed to fetch');
    }
    if (pathname.endsWith('/token')) {
      const right = new URLSearchParams(String(init?.body)).get('password') === password;
      return right
        ? jsonAnswer(200, { access_token: 'header.e30.signature', token_type: 'bearer', expires_in: 3600 })
        : jsonAnswer(401, { error: 'The login or password is not correct', code: 'BAD_CREDENTIALS' });
    }
    return jsonAnswer(404, { error: `unexpected ${url}`, code: 'NOT_FOUND' });
  });
}

// A file run before this one in the same worker may have left a session in the storage.
beforeEach(() => endSession());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endSession();
});

const signUp = async (register: ReturnType<typeof useRegister>) => {
  let failure: unknown;
  await act(async () => {
    await register.trigger(typed, { throwOnError: true }).catch((error: unknown) => (failure = error));
  });
  return failure;
};

describe('a sign-up asked again', () => {
  it('after an unanswered one signs in to the account it made', async () => {
    vi.stubGlobal('fetch', server(typed.password));
    const view = renderHook(() => useRegister(), { wrapper: fresh });
    expect(await signUp(view.result.current)).toMatchObject({ status: 0 });
    expect(getToken()).toBeNull();
    expect(await signUp(view.result.current)).toBeUndefined();
    expect(getToken()).toBe('header.e30.signature');
  });

  it('says the login is taken when the account holding it is someone else’s', async () => {
    vi.stubGlobal('fetch', server('another-persons-secret'));
    const view = renderHook(() => useRegister(), { wrapper: fresh });
    await signUp(view.result.current);
    expect(await signUp(view.result.current)).toMatchObject({ status: 409, message: taken.error });
    expect(getToken()).toBeNull();
  });

  it('after a server fault at an invite-only client, whose link’s last use the account took, signs in too', async () => {
    let made = false;
    vi.stubGlobal('fetch', async (url: string) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname.endsWith('/User/registration')) {
        if (made) return jsonAnswer(400, { error: 'This invite link is used up.', code: 'INVITE_NOT_VALID' });
        made = true;
        return jsonAnswer(500, { error: 'An error occurred!', code: 'INTERNAL' });
      }
      return jsonAnswer(200, { access_token: 'header.e30.signature', token_type: 'bearer', expires_in: 3600 });
    });
    const view = renderHook(() => useRegister(), { wrapper: fresh });
    expect(await signUp(view.result.current)).toMatchObject({ status: 500 });
    expect(await signUp(view.result.current)).toBeUndefined();
    expect(getToken()).toBe('header.e30.signature');
  });
});

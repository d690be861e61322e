// Lambda: sign-in, the current user and passwords.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { currentUser } from './auth/current-user.ts';
import { resetPassword, sendPasswordLink, setPassword } from './auth/passwords.ts';
import { signIn } from './auth/sign-in.ts';
import { areaApi } from './area-api.ts';

export const createAuthApi = (getDeps: () => Deps) =>
  areaApi('auth', { signIn, currentUser, sendPasswordLink, resetPassword, setPassword }, getDeps);

export const handler = createAuthApi(lazyDeps());

// Lambda: sign-in, the current user and passwords.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { currentUser } from './auth/current-user.ts';
import { resetPassword, sendPasswordLink, setPassword } from './auth/passwords.ts';
import { signIn } from './auth/sign-in.ts';
import { areaApi, type AreaRoutes } from './area-api.ts';
import { authContracts } from '#domain/contracts/auth.ts';

export const authRoutes = {
  signIn: { access: 'public', handler: signIn },
  currentUser: { access: [], handler: currentUser },
  sendPasswordLink: { access: 'public', handler: sendPasswordLink },
  resetPassword: { access: 'public', handler: resetPassword },
  setPassword: { access: [], handler: setPassword },
} as const satisfies AreaRoutes;

export const createAuthApi = (getDeps: () => Deps) => areaApi(authRoutes, authContracts, getDeps);

export const handler = createAuthApi(lazyDeps());

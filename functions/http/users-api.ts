// Lambda: user accounts.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi, type AreaRoutes } from './area-api.ts';
import { usersContracts } from '#domain/contracts/users.ts';
import { pushContracts } from '#domain/contracts/push.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { editUser } from './users/edit-user.ts';
import { checkLogin, register, signUpRules } from './users/registration.ts';
import { importUsers } from './users/import-users.ts';
import { addPushSubscription, deletePushSubscription, pushKey } from './users/push-subscriptions.ts';
import { createUser, deleteUser } from './users/manage-users.ts';
import { sendUserPasswordLink } from './users/send-password-link.ts';
import { userList } from './users/user-list.ts';

export const usersRoutes = {
  register: { access: 'public', handler: register },
  signUpRules: { access: 'public', handler: signUpRules },
  checkLogin: { access: 'public', handler: checkLogin },
  // One's own profile needs 'view own profile', someone else's 'create and modify users' (users/edit-user.ts).
  editUser: { access: { anyOf: [Permission.ViewOwnProfile, Permission.EditUsers] }, handler: editUser },
  userList: { access: [Permission.ViewUsers], handler: userList },
  // Another client (and its roles) in create also needs 'delete clients' (users/manage-users.ts).
  createUser: { access: [Permission.EditUsers], handler: createUser },
  deleteUser: { access: [Permission.DeleteUsers], handler: deleteUser },
  sendUserPasswordLink: { access: [Permission.EditUsers], handler: sendUserPasswordLink },
  importUsers: { access: [Permission.EditUsers], handler: importUsers },
  pushKey: { access: [], handler: pushKey },
  addPushSubscription: { access: [], handler: addPushSubscription },
  deletePushSubscription: { access: [], handler: deletePushSubscription },
} as const satisfies AreaRoutes;

export const createUsersApi = (getDeps: () => Deps) =>
  areaApi(usersRoutes, { ...usersContracts, ...pushContracts }, getDeps);

export const handler = createUsersApi(lazyDeps());

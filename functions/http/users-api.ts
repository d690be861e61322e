// Lambda: user accounts.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi } from './area-api.ts';
import { editUser } from './users/edit-user.ts';
import { checkLogin, register } from './users/registration.ts';
import { loadUsersCsv } from './users/import-users.ts';
import { createUser, deleteUser } from './users/manage-users.ts';
import { userList } from './users/user-list.ts';

export const createUsersApi = (getDeps: () => Deps) =>
  areaApi('users', { register, checkLogin, editUser, userList, createUser, deleteUser, loadUsersCsv }, getDeps);

export const handler = createUsersApi(lazyDeps());

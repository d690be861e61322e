// PLACEHOLDER: replaced by the implementation.
import type { RouteImpl } from '../area-api.ts';

export const createUser: RouteImpl<'createUser'> = async () => {
  throw new Error('not built yet');
};
export const deleteUser: RouteImpl<'deleteUser'> = async () => {
  throw new Error('not built yet');
};

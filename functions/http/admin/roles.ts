// PLACEHOLDER: replaced by the implementation.
import type { RouteImpl } from '../area-api.ts';

export const roleList: RouteImpl<'roleList'> = async () => {
  throw new Error('not built yet');
};
export const permissionList: RouteImpl<'permissionList'> = async () => {
  throw new Error('not built yet');
};
export const createRole: RouteImpl<'createRole'> = async () => {
  throw new Error('not built yet');
};
export const editRole: RouteImpl<'editRole'> = async () => {
  throw new Error('not built yet');
};
export const deleteRole: RouteImpl<'deleteRole'> = async () => {
  throw new Error('not built yet');
};

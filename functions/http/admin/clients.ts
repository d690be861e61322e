// PLACEHOLDER: replaced by the implementation.
import type { RouteImpl } from '../area-api.ts';

export const clientList: RouteImpl<'clientList'> = async () => {
  throw new Error('not built yet');
};
export const createClient: RouteImpl<'createClient'> = async () => {
  throw new Error('not built yet');
};
export const editClient: RouteImpl<'editClient'> = async () => {
  throw new Error('not built yet');
};
export const deleteClient: RouteImpl<'deleteClient'> = async () => {
  throw new Error('not built yet');
};
export const userActivity: RouteImpl<'userActivity'> = async () => {
  throw new Error('not built yet');
};

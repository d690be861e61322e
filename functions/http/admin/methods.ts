// PLACEHOLDER: replaced by the implementation.
import type { RouteImpl } from '../area-api.ts';

export const methodList: RouteImpl<'methodList'> = async () => {
  throw new Error('not built yet');
};
export const addMethod: RouteImpl<'addMethod'> = async () => {
  throw new Error('not built yet');
};
export const editMethod: RouteImpl<'editMethod'> = async () => {
  throw new Error('not built yet');
};
export const deleteMethod: RouteImpl<'deleteMethod'> = async () => {
  throw new Error('not built yet');
};

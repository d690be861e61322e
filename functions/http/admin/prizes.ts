// PLACEHOLDER: replaced by the implementation.
import type { RouteImpl } from '../area-api.ts';

export const prizeList: RouteImpl<'prizeList'> = async () => {
  throw new Error('not built yet');
};
export const addPrize: RouteImpl<'addPrize'> = async () => {
  throw new Error('not built yet');
};
export const editPrize: RouteImpl<'editPrize'> = async () => {
  throw new Error('not built yet');
};
export const deletePrize: RouteImpl<'deletePrize'> = async () => {
  throw new Error('not built yet');
};

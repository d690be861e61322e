// PLACEHOLDER: replaced by the implementation.
import type { RouteImpl } from '../area-api.ts';

export const addClientSport: RouteImpl<'addClientSport'> = async () => {
  throw new Error('not built yet');
};
export const editClientSport: RouteImpl<'editClientSport'> = async () => {
  throw new Error('not built yet');
};
export const deleteClientSport: RouteImpl<'deleteClientSport'> = async () => {
  throw new Error('not built yet');
};
export const affiliateList: RouteImpl<'affiliateList'> = async () => {
  throw new Error('not built yet');
};

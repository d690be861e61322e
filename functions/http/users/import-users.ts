// PLACEHOLDER: replaced by the implementation.
import type { RouteImpl } from '../area-api.ts';

export const loadUsersCsv: RouteImpl<'loadUsersCsv'> = async () => {
  throw new Error('not built yet');
};

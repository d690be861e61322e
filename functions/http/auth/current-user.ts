import { toUserPayload } from '#domain/auth/user.ts';
import type { RouteImpl } from '../area-api.ts';

export const currentUser: RouteImpl<'currentUser'> = async ({ caller }) =>
  toUserPayload(caller.user, caller.role, caller.client);

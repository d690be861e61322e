import { toUserPayload } from '../../../domain/auth/user.ts';
import type { RouteImpl } from '../middleware.ts';

export const currentUser: RouteImpl = async ({ caller }) => toUserPayload(caller.user, caller.role, caller.client);

import { contracts } from '#domain/contracts/api.ts';
import { api, type CallOptions } from '@/lib/api-client';

/** Forgets this device's push subscription, by its endpoint. */
export const deletePushSubscription = (endpoint: string, options?: CallOptions): Promise<{ subscriptions: number }> =>
  api.call(contracts.deletePushSubscription, { endpoint }, options);

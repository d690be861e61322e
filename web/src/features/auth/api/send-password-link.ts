import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import { tenantDomain } from '../../../lib/tenant';

export const sendPasswordLinkKey = '/send-password-link';

/** Asks the server to mail a reset link; it answers the same whether or not the login exists. */
export const sendPasswordLink = (login: string): Promise<{ message: string }> =>
  api.post<{ message: string }>('/send-password-link', { form: { login, domain: tenantDomain() }, anonymous: true });

export function useSendPasswordLink() {
  return useSWRMutation<{ message: string }, Error, typeof sendPasswordLinkKey, string>(
    sendPasswordLinkKey,
    (_key, { arg }) => sendPasswordLink(arg),
    { throwOnError: false },
  );
}

// Calls the local stack as a contract says (method, path, form, JSON or query) and answers with the contract's
// typed answer, checked against its schema by the client. Raw paths stay in the security probes only.
import type { Contract, RequestOf, ResponseOf } from '#domain/contracts/contract.ts';
import { inputParams } from '#domain/contracts/input-params.ts';
import type { Answer, client } from './test-stack.ts';

type Api = Pick<ReturnType<typeof client>, 'call'>;

/** What a refused call answers instead (docs/rules.md): `{error, code}`. */
export interface RefusalBody {
  error?: string;
  code?: string;
}

export function call<C extends Contract>(
  api: Api,
  contract: C,
  input: RequestOf<C>,
  token?: string,
): Promise<Answer<ResponseOf<C> & RefusalBody>> {
  const path = contract.path.slice('/Services'.length);
  if (contract.input === 'form') return api.call(contract.method, path, { form: inputParams(input), token });
  if (contract.input === 'json') return api.call(contract.method, path, { json: input, token });
  const query = inputParams(input).toString();
  return api.call(contract.method, query ? `${path}?${query}` : path, { token });
}

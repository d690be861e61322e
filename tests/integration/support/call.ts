// Calls the local stack as a contract says (method, path, form, JSON or query) and answers with the contract's
// typed answer, checked against its schema by the client. Raw paths stay in the security probes only.
import type { Contract, RequestOf, ResponseOf } from '#domain/contracts/contract.ts';
import type { JobType } from '#domain/contracts/jobs.ts';
import { inputParams } from '#domain/contracts/input-params.ts';
import { routeOf } from './route-of.ts';
import { contracts } from '#domain/contracts/api.ts';
import { importCooldownMs } from '../../../functions/store/job-flights.ts';
import { keys } from '../../../functions/store/keys.ts';
import { getItem, updateIf } from '../../../functions/store/state-table.ts';
import type { LocalStack } from '../../../infra/local/stack.ts';
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
  headers?: Record<string, string>,
): Promise<Answer<ResponseOf<C> & RefusalBody>> {
  return send(api, contract, input as Record<string, unknown>, token, headers);
}

/**
 * Sends input the contract's types would refuse (a missing field, a wrong type, a foreign id), to prove the
 * server refuses it too; the route still comes from the contract.
 */
export function send<C extends Contract>(
  api: Api,
  contract: C,
  input: Record<string, unknown>,
  token?: string,
  headers?: Record<string, string>,
): Promise<Answer<ResponseOf<C> & RefusalBody>> {
  const path = routeOf(contract);
  if (contract.input === 'form') return api.call(contract.method, path, { form: inputParams(input), token, headers });
  if (contract.input === 'json') return api.call(contract.method, path, { json: input, token, headers });
  const query = inputParams(input).toString();
  return api.call(contract.method, query ? `${path}?${query}` : path, { token, headers });
}

/** The feed import each sports-data load starts: a client starts one of a kind and sport at most once a minute. */
const feedImports = new Map<Contract, JobType>([
  [contracts.importSeason, 'ImportSeason'],
  [contracts.importGames, 'ImportGames'],
  [contracts.importScores, 'ImportScores'],
  [contracts.importSpreads, 'ImportSpreads'],
  [contracts.importTeams, 'ImportTeams'],
]);

/**
 * Moves the caller's client's last start of the load's feed import a cooldown back, as if it were a minute ago: a
 * test runs an import as often as it needs (import-single-flight.test.ts proves the cooldown itself).
 */
export async function afterImportCooldown(
  given: { stack: Pick<LocalStack, 'deps'>; api: Api },
  token: string,
  contract: Contract,
  input: unknown,
) {
  const type = feedImports.get(contract);
  if (!type) return;
  const { deps } = given.stack;
  const { clientId } = (await call(given.api, contracts.currentUser, {}, token)).body;
  const key = keys.importStart(clientId, type, Number((input as { sportId: unknown }).sportId));
  const last = await getItem<{ claimedAt: string }>(deps, key);
  if (!last) return;
  const claimedAt = new Date(Date.parse(last.claimedAt) - importCooldownMs).toISOString();
  await updateIf(deps, key, { set: 'SET claimedAt = :at', when: 'attribute_exists(PK)', values: { ':at': claimedAt } });
}

/**
 * Starts an admin load (it answers 202 with the job's id) and answers the job's record once everything settled; a
 * feed import is started as a minute after the client's last one of its kind and sport.
 */
export async function runImportJob<C extends Contract>(
  given: { stack: Pick<LocalStack, 'settled' | 'deps'>; api: Api },
  token: string,
  contract: C,
  input: RequestOf<C>,
) {
  await afterImportCooldown(given, token, contract, input);
  const started = await call(given.api, contract, input, token);
  if (started.status !== 202)
    throw new Error(`${contract.path} answered ${started.status} ${JSON.stringify(started.body)}`);
  await given.stack.settled();
  return (
    await call(given.api, contracts.jobStatus, { id: (started.body as unknown as { jobId: number }).jobId }, token)
  ).body;
}

/** The player turns a mail off on the profile (Notifications), as signed in; answers the user's id. */
export async function turnMailOff(
  api: Api & { signIn(login: string): Promise<string> },
  login: string,
  setting: 'pickReminders' | 'announcementMails' = 'pickReminders',
) {
  const token = await api.signIn(login);
  const me = (await call(api, contracts.currentUser, {}, token)).body;
  const { id, displayName, firstName, lastName } = me;
  const edited = await call(api, contracts.editUser, { id, displayName, firstName, lastName, [setting]: false }, token);
  if (edited.status !== 200 || edited.body[setting] !== false)
    throw new Error(`turning ${setting} off answered ${edited.status} ${JSON.stringify(edited.body)}`);
  return id;
}

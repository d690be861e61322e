// The company admin's pages about players: the users page (the first page of 50, then a search matching some bench
// players by the start of their login and e-mail, and one matching them all), which reads its own rows and the counts,
// the search the users it finds, at most 200 by each field; and Missing Picks' first page of 50, which reads at most its scan budget of rows, whatever the client's size.
import type { User } from '#domain/auth/user.ts';
import type { MissingPicksPage } from '#domain/contracts/bets.ts';
import type { ScreenOptions } from './leaderboard-screens.ts';
import type { MissingPicksCost, UsersPageCost } from './result-types.ts';

type Options = Pick<ScreenOptions, 'api' | 'meter' | 'token'>;

const searchTerm = 'bench001';
/** Every bench player's login and e-mail start with it: a search that matches the client's bulk. */
const broadTerm = 'bench';

async function usersPage(
  { api, meter, token }: Options,
  form: Record<string, string>,
  expectedTotal: number,
): Promise<UsersPageCost> {
  const { value, cost } = await meter.measure(() =>
    api.call<{ total: number; data: unknown[] }>('POST', '/Services/api/User/list', token, form),
  );
  const expectedRows = Math.min(50, expectedTotal);
  if (value.total !== expectedTotal || value.data.length !== expectedRows)
    throw new Error(
      `User/list ${JSON.stringify(form)} answered total ${value.total} with ${value.data.length} rows; expected total ${expectedTotal} with ${expectedRows} rows`,
    );
  return { total: value.total, rows: value.data.length, cost };
}

/** A search matching more users than a search reads (200 by each field): it says `more`, whatever the client's size. */
async function broadSearch({ api, meter, token }: Options) {
  const { value, cost } = await meter.measure(() =>
    api.call<{ total: number; data: unknown[]; more?: true }>('POST', '/Services/api/User/list', token, {
      limit: '50',
      page: '1',
      search: broadTerm,
    }),
  );
  if (value.more !== true || value.data.length !== 50)
    throw new Error(`User/list search '${broadTerm}' answered ${value.data.length} rows, more ${value.more}`);
  return { term: broadTerm, total: value.total, rows: value.data.length, cost };
}

/** `users` are the client's users, `bench` the players the benchmark added (the searches find some or all of them). */
export async function usersListCosts(options: Options, users: readonly User[], bench: readonly User[]) {
  const listed = users.filter((user) => !user.deletedAt).length;
  const matches = bench.filter((user) => user.login.startsWith(searchTerm)).length;
  const firstPage = await usersPage(options, { limit: '50', page: '1' }, listed);
  const search = await usersPage(options, { limit: '50', page: '1', search: searchTerm }, matches);
  return { firstPage, search: { term: searchTerm, ...search }, broadSearch: await broadSearch(options) };
}

/** Missing Picks' first page of 50 for the week: its rows, whether it has a next page, and what it cost. */
export async function missingPicksCost(
  { api, meter, token }: Options,
  sportId: number,
  weekId: number,
): Promise<MissingPicksCost> {
  const { value, cost } = await meter.measure(() =>
    api.call<MissingPicksPage>(
      'GET',
      `/Services/api/Bet/missing-picks?sportId=${sportId}&weekId=${weekId}&limit=50`,
      token,
    ),
  );
  if (!Array.isArray(value.data)) throw new Error(`Bet/missing-picks answered ${JSON.stringify(value).slice(0, 200)}`);
  return { rows: value.data.length, more: value.cursor !== null, cost };
}

// The users page as the company admin: the first page of 50, then a search matching some bench players by the
// start of their login (and e-mail). The page reads its own rows and the counts; the search reads the users it finds.
import type { User } from '#domain/auth/user.ts';
import type { ScreenOptions } from './leaderboard-screens.ts';
import type { UsersPageCost } from './result-types.ts';

type Options = Pick<ScreenOptions, 'api' | 'meter' | 'token'>;

const searchTerm = 'bench001';

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

/** `users` are the client's users, `bench` the players the benchmark added (the search finds some of them). */
export async function usersListCosts(options: Options, users: readonly User[], bench: readonly User[]) {
  const listed = users.filter((user) => !user.deletedAt).length;
  const matches = bench.filter((user) => user.login.startsWith(searchTerm)).length;
  const firstPage = await usersPage(options, { limit: '50', page: '1' }, listed);
  const search = await usersPage(options, { limit: '50', page: '1', search: searchTerm }, matches);
  return { firstPage, search: { term: searchTerm, ...search } };
}

// Issue 59: a views write whose answer was lost after it committed is sent again by the SDK, and must change nothing.
// The projector's counter moves (week aggregates, live counts) meet a timeout after every first attempt of an
// UpdateItem on the views table; the views must still equal a rebuild of the events.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { awsClientConfig } from '../../functions/adapters/aws-client-config.ts';
import { checkViews } from '../../functions/projector/views-check.ts';
import { createMissingTables } from '../../infra/local/bootstrap-tables.ts';
import { call } from './support/call.ts';
import { loseFirstAnswers, loseFirstAnswersName } from './support/lost-answers.ts';
import { sunday, useScoringStack } from './support/scoring.ts';

const { given } = useScoringStack();

afterAll(() => given.stack.deps.db.middlewareStack.remove(loseFirstAnswersName));

describe('the projector under retried views writes', () => {
  it('moves the week aggregates and live counts once when every counter update is sent twice', async () => {
    const { deps } = given.stack;
    // The answer of each views UpdateItem's first attempt is lost after the write.
    const lost = loseFirstAnswers(
      deps,
      (command, input) =>
        command === 'UpdateItemCommand' && (input as { TableName?: string }).TableName === deps.tables.views,
    );
    for (const [player, team] of [
      ['sam', 'homeTeamId'],
      ['blake', 'awayTeamId'],
      ['quinn', 'homeTeamId'],
    ] as const) {
      const token = await given.api.signIn(player);
      const games = (await call(given.api, contracts.betList, { sportId: 33 }, token)).body.data.filter(
        (row) => !row.isBonusGame && row.homeSpread !== 0 && row.beginning > sunday,
      );
      const bets = [20, 10].map((points, index) => ({
        gameId: games[index]!.gameId,
        teamId: games[index]![team],
        points,
      }));
      expect((await call(given.api, contracts.setBets, { bets }, token)).status).toBe(200);
    }
    await given.stack.settled();
    deps.db.middlewareStack.remove(loseFirstAnswersName);
    expect(lost()).toBeGreaterThan(0);

    const scratch = `${deps.tables.views}-rebuilt`;
    await createMissingTables(new DynamoDBClient(awsClientConfig(given.stack.settings, 'DYNAMODB')), {
      ...deps.tables,
      views: scratch,
    });
    const check = await checkViews(deps, scratch);
    expect(check.shown).toEqual([]);
    expect(check.differ).toBe(0);
  });
});

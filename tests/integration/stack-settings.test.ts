// Each local stack hands its handlers settings of its own, as each Lambda has its own environment: stacks in one
// process (the files of a test run) do not share a season, a feed or an endpoint, and the process's environment is
// left as it was.
import { afterAll, describe, expect, it } from 'vitest';
import { awsClientConfig } from '../../functions/adapters/aws-client-config.ts';
import { currentSeasonStart } from '../../functions/seed/demo-seasons.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { startLocalTestStack } from '../support/local-test-stack.ts';

const stacks: LocalStack[] = [];
afterAll(() => Promise.all(stacks.map((stack) => stack.close())));

const startWith = async (settings: Record<string, string>) => {
  const stack = await startLocalTestStack({
    dataDir: undefined,
    port: 0,
    seed: false,
    webRoot: '/nonexistent',
    settings,
  });
  stacks.push(stack);
  return stack;
};

describe('the settings of a local stack', () => {
  it('are its own: two stacks in one process keep their season, feed and database apart and leave process.env alone', async () => {
    // All but the one the AWS SDK reads from the process only (its Node version warning), which a stack turns off.
    const before = { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
    const a = await startWith({ DEMO_SEASON_START: '2025-09-03', SPORTS_PROVIDER: 'espn' });
    const b = await startWith({ DEMO_SEASON_START: '2026-09-02' });

    expect(process.env).toEqual(before);
    expect(currentSeasonStart(a.deps)).toBe('2025-09-03');
    expect(currentSeasonStart(b.deps)).toBe('2026-09-02');
    expect(a.deps.settings.SPORTS_PROVIDER).toBe('espn');
    expect(b.deps.settings.SPORTS_PROVIDER).toBeUndefined();

    // Each one's handlers reach its own database, and only its own.
    expect(awsClientConfig(a.settings, 'DYNAMODB').endpoint).not.toBe(awsClientConfig(b.settings, 'DYNAMODB').endpoint);
    const key = { PK: 'SETTINGS#TEST', SK: 'ONE' };
    await putItem(a.deps, { ...key, written: 'by a' });
    expect(await getItem(a.deps, key)).toEqual({ written: 'by a' });
    expect(await getItem(b.deps, key)).toBeUndefined();
  });

  it("are the stack's own over those passed: a setting cannot move its tables or its endpoints", async () => {
    const stack = await startWith({ EVENTS_TABLE: 'elsewhere', AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:9' });
    expect(stack.deps.tables.events).not.toBe('elsewhere');
    expect(stack.settings.AWS_ENDPOINT_URL_DYNAMODB).not.toBe('http://127.0.0.1:9');
  });
});

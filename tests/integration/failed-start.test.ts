// A local stack whose start-up fails lets go of what it opened (its port, its database thread, its emulators), so the
// process that asked may go on or start again: a test runner, a bench, or npm start after fixing the cause.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startLocalStack } from '../../infra/local/stack.ts';

/** Listens on the loopback port (0: any), answers the port and closes again. */
async function listenOn(port: number): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(port, '127.0.0.1', listening);
  });
  const taken = (server.address() as { port: number }).port;
  await new Promise((closed) => server.close(closed));
  return taken;
}

describe('a failed start', () => {
  it('rejects, and its port is free again at once', async () => {
    const port = await listenOn(0);
    // A season start the seed cannot read: the start-up fails after the API already listens.
    const settings = { DEMO_SEASON_START: 'not-a-date' };
    await expect(
      startLocalStack({ dataDir: undefined, port, seed: true, webRoot: '/nonexistent', settings }),
    ).rejects.toThrow();
    expect(await listenOn(port)).toBe(port);
  });
});

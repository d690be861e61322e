// Starts the stack on a data folder, registers a user over HTTP, appends a slip commit and kills
// itself with SIGKILL at once, before the stream emulator can deliver or checkpoint it.
import { startLocalTestStack } from '../../support/local-test-stack.ts';

const [dataDir, streamId] = process.argv.slice(2) as [string, string];
const stack = await startLocalTestStack({ dataDir, port: 0, seed: true, webRoot: '/nonexistent' });
await stack.settled();
const registered = await fetch(`${stack.url}/Services/api/User/registration`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    login: 'survivor',
    emailAddress: 'survivor@example.com',
    password: 'survivor-pass',
    repeatPassword: 'survivor-pass',
    displayName: 'Survivor',
    firstName: 'Sur',
    lastName: 'Vivor',
    phoneNumber: '+12025550199',
    domain: 'demo',
  }),
});
if (registered.status !== 201) throw new Error(`registration failed: ${registered.status}`);
await stack.deps.events.append(
  streamId,
  0,
  [
    {
      type: 'BetPlaced',
      data: {
        betId: '777-3300901',
        gameId: 3300901,
        teamId: 1001,
        points: 20,
        line: -3.5,
        isBonus: false,
        placedAt: '2026-11-18T06:00:00.000Z',
        actorId: 777,
      },
    },
  ],
  { at: '2026-11-18T06:00:00.000Z', actor: 777, correlationId: 'kill-test' },
);
process.kill(process.pid, 'SIGKILL');

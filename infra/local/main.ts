// `npm start`: the whole product on this machine, with demo data. PORT (3000), PICKEM_DATA_DIR
// (.data), PICKEM_MEMORY=1 for a throwaway in-memory database, PICKEM_NOW to start the clock
// at another instant.
import { spawn } from 'node:child_process';
import { demoLogins } from '../../functions/seed/demo-seed.ts';
import { startLocalStack } from './stack.ts';

/** The web app's build (`npm run build:web`) in a process of its own, on the other core while the stack seeds. */
function buildWeb() {
  const child = spawn('npm', ['run', '--silent', 'build:web', '--', '--logLevel', 'warn'], { stdio: 'inherit' });
  // A build still running when this process ends (a failed start, a signal) ends with it.
  process.on('exit', () => child.exitCode === null && child.kill());
  return new Promise<void>((built, failed) => {
    child.on('error', (error) => failed(new Error(`The web build could not start: ${error.message}`)));
    child.on('exit', (code, signal) =>
      code === 0 ? built() : failed(new Error(`The web build failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** When the step is done, in ms since this process began (performance.now). */
const timed = (step: Promise<unknown>) => step.then(() => performance.now());
const memory = process.env.PICKEM_MEMORY === '1';
const stackStarting = startLocalStack({
  dataDir: memory ? undefined : (process.env.PICKEM_DATA_DIR ?? '.data'),
  port: Number(process.env.PORT ?? 3000),
  seed: true,
  scoreDemo: true,
  now: process.env.PICKEM_NOW,
  // SPORTS_PROVIDER, a feed's address or DEMO_SEASON_START, as a deployment's environment would give them.
  settings: process.env,
});
const [stack, stackReadyAt, builtAt] = await Promise.all([stackStarting, timed(stackStarting), timed(buildWeb())]);

// The address is worth printing only once it serves the app: the stack listens (and answers 404) from its first
// moments, while the build runs beside it. So the page is asked for as a browser would, before anyone is told.
const page = await fetch(`http://127.0.0.1:${new URL(stack.url).port}/`);
await page.body?.cancel();
if (!page.ok) throw new Error(`The built web app is not served (${page.status}): see web/dist`);

// Counted from the process's start, so loading the modules counts too.
console.log(
  `\nPick'em is running at ${stack.url}  (ready in ${seconds(performance.now())}: web app built in ` +
    `${seconds(builtAt)}, stack ready in ${seconds(stackReadyAt)})`,
);
console.log(
  memory
    ? 'Database: in memory (PICKEM_MEMORY=1), gone when you stop.'
    : `Data: ${process.env.PICKEM_DATA_DIR ?? '.data'}/ (delete it to start over)`,
);
console.log(`Mail outbox: ${stack.outboxDir}`);
if (process.env.PICKEM_NOW) console.log(`Clock starts at ${process.env.PICKEM_NOW}`);
console.log('\nDemo logins:');
const width = Math.max(...demoLogins.map((login) => login.login.length));
for (const login of demoLogins)
  console.log(
    `  ${login.login.padEnd(width)} ${login.password.padEnd(14)} domain ${login.domain.padEnd(6)} ${login.role}`,
  );
console.log('\nCtrl-C stops.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log('\nStopping…');
    await stack.close();
    process.exit(0);
  });
}

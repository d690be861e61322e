// The layer rules hold because the linter rejects their violations: each case lints a virtual file
// that breaks one rule and expects that rule to fire (and a clean file to pass, so the checks are live).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function ruleIds(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId);
}

const features = readdirSync(`${root}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Any module of a feature, as a path relative to web/src/features/. */
function moduleOf(feature: string): string {
  const file = readdirSync(`${root}/web/src/features/${feature}`, { recursive: true, encoding: 'utf8' }).find((path) =>
    /\.tsx?$/.test(path),
  );
  if (!file) throw new Error(`feature ${feature} has no module`);
  return `${feature}/${file.replace(/\.tsx?$/, '')}`;
}

describe('layer rules', () => {
  it('let a domain module import domain modules and pure packages', async () => {
    const code =
      "import { z } from 'zod';\nimport { ValidationError } from './errors.ts';\nexport const x = [z, ValidationError];\n";
    expect(await ruleIds('domain/lint-probe.ts', code)).toEqual([]);
  });

  it('reject a domain module importing functions/', async () => {
    const code = "import { tables } from '../functions/store/tables.ts';\nexport const x = tables;\n";
    expect(await ruleIds('domain/lint-probe.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('reject a domain module importing an I/O module', async () => {
    const code = "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n";
    expect(await ruleIds('domain/lint-probe.ts', code)).toContain('no-restricted-imports');
  });

  it('reject a functions/ module importing infra/', async () => {
    const code = "import * as stack from '../../infra/local/stack.ts';\nexport const x = stack;\n";
    expect(await ruleIds('functions/adapters/lint-probe.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('reject a web module importing functions/', async () => {
    const code = "import { tables } from '../../functions/store/tables.ts';\nexport const x = tables;\n";
    expect(await ruleIds('web/src/lint-probe.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('reject a feature importing another feature, but not its own modules', async () => {
    const [own, other] = features;
    const importing = (feature: string) => `import * as m from '../${moduleOf(feature)}';\nexport const x = m;\n`;
    const probe = `web/src/features/${own}/lint-probe.ts`;
    expect(await ruleIds(probe, importing(other!))).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(probe, importing(own!))).toEqual([]);
  });

  it('reject a ui module importing a feature', async () => {
    const code = `import * as m from '../features/${moduleOf(features[0]!)}';\nexport const x = m;\n`;
    expect(await ruleIds('web/src/ui/lint-probe.ts', code)).toContain('import-x/no-restricted-paths');
  });

  /** dependency-cruiser (npm run lint:cycles) over the fixtures, which the normal run leaves out; run once. */
  let cruised: SpawnSyncReturns<string> | undefined;
  const cruiseFixtures = () =>
    (cruised ??= spawnSync(
      `${root}/node_modules/.bin/depcruise`,
      // The command line's exclude replaces the config's, which names the fixtures.
      [
        'tests/fixtures/lint',
        '--config',
        '.dependency-cruiser.cjs',
        '--exclude',
        '^node_modules',
        '--output-type',
        'err',
      ],
      { cwd: root, encoding: 'utf8' },
    ));

  it('reject an import cycle', () => {
    const run = cruiseFixtures();
    expect(run.status).not.toBe(0);
    expect(run.stdout).toMatch(/no-circular: tests\/fixtures\/lint\/cycle-a\.ts/);
  });

  it('reject an import loop made of type imports only (npm run lint:cycles)', () => {
    const run = cruiseFixtures();
    expect(run.status).not.toBe(0);
    expect(run.stdout).toMatch(/no-circular: tests\/fixtures\/lint\/type-cycle-a\.ts/);
  });

  it('reject a functions/ module importing a folder above or beside its own floor, not one below (npm run lint:cycles)', async () => {
    const { forbidden } = createRequire(import.meta.url)('../../.dependency-cruiser.cjs');
    // Cruised from the fixtures' folder, so their paths start with functions/ as the rule's do.
    const { output } = await cruise(
      ['functions'],
      {
        baseDir: `${root}/tests/fixtures/lint/floors`,
        ruleSet: { forbidden },
        validate: true,
        tsPreCompilationDeps: true,
      },
      { extensions: ['.ts'] },
    );
    if (typeof output === 'string') throw new Error(output);
    expect(output.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort()).toEqual([
      'functions-floors-point-down: functions/betting/sideways.ts → functions/accounts/account.ts',
      'functions-floors-point-down: functions/store/upward.ts → functions/views/read-model.ts',
    ]);
  });
});

// The web names API paths only through the contracts: an '/api/' string in web/src (a hand-typed SWR key or
// invalidation) is refused, module paths such as '@/lib/api/…' pass.
describe("the '/api/' path rule", () => {
  it('rejects an /api/ string or template in web/src', async () => {
    expect(await ruleIds('web/src/lint-probe.ts', "export const key = ['/api/Bet/list', 1];\n")).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await ruleIds('web/src/lint-probe.ts', 'export const key = (id: number) => `/api/Bet/${id}`;\n')).toEqual([
      'no-restricted-syntax',
    ]);
  });

  it('lets module paths through, and strings outside web/src', async () => {
    const code =
      "import { prizesKey } from '@/lib/api/get-prizes';\nexport const sports = () => import('@/lib/api/get-sports');\nexport const key = prizesKey;\n";
    expect(await ruleIds('web/src/lint-probe.ts', code)).toEqual([]);
    expect(await ruleIds('tests/web/lint-probe.ts', "export const path = '/api/Bet/list';\n")).toEqual([]);
  });
});

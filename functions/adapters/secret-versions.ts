// A rotated secret as its users see it: the values Secrets Manager keeps staged (the current one, the one a rotation
// is putting in place, the one before), read at run time and cached, never from the environment.
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { transientFaultOf } from './transient-fault.ts';

export type Stage = 'AWSCURRENT' | 'AWSPENDING' | 'AWSPREVIOUS';

export interface StagedValue {
  versionId: string;
  value: string;
  stages: Stage[];
}

export interface SecretVersions {
  /** The first staged value that matches, read again when none does and the copy is a few seconds old. */
  find(match: (staged: StagedValue) => boolean): Promise<StagedValue | undefined>;
}

export interface CacheTimes {
  /** How long a copy serves before it is read again. */
  maxAgeMs: number;
  /** How old a copy must be before a value it lacks makes it read again: a forged value cannot cost a read each. */
  missAfterMs: number;
  now: () => number;
}

const defaultTimes: CacheTimes = { maxAgeMs: 5 * 60_000, missAfterMs: 5_000, now: () => performance.now() };
/** How old a copy may be and still serve while Secrets Manager is busy. */
const staleForMs = 60 * 60_000;
const stages = new Set<string>(['AWSCURRENT', 'AWSPENDING', 'AWSPREVIOUS']);

/** The staged versions of one secret, a describe and one read per version not seen before. */
export function secretsManagerVersions(
  client: Pick<SecretsManagerClient, 'send'>,
  secretId: string,
  times: CacheTimes = defaultTimes,
): SecretVersions {
  const values = new Map<string, string>();
  let copy: { at: number; staged: StagedValue[] } | undefined;
  let reading: Promise<StagedValue[]> | undefined;

  async function read(): Promise<StagedValue[]> {
    const at = times.now();
    const described = await client.send(new DescribeSecretCommand({ SecretId: secretId }));
    const staged = Object.entries(described.VersionIdsToStages ?? {})
      .map(([versionId, labels]) => ({ versionId, stages: labels.filter((s) => stages.has(s)) as Stage[] }))
      .filter((version) => version.stages.length > 0);
    for (const { versionId } of staged) {
      if (values.has(versionId)) continue;
      const answer = await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionId: versionId }));
      if (!answer.SecretString) throw new Error(`Secret ${secretId} has no string value`);
      values.set(versionId, answer.SecretString);
    }
    const read = staged.map((version) => ({ ...version, value: values.get(version.versionId)! }));
    copy = { at, staged: read };
    return read;
  }
  const readOnce = () => {
    reading ??= read().finally(() => (reading = undefined));
    return reading;
  };

  // Secrets Manager throttled or failing: a copy up to an hour old serves on, and is read again at most every
  // missAfterMs meanwhile; a value it lacks is then no verdict (the fault is thrown on: a 503, not a refusal).
  let busy: { at: number; fault: unknown } | undefined;
  async function latest(): Promise<StagedValue[]> {
    if (copy && busy && times.now() - busy.at < times.missAfterMs) return copy.staged;
    try {
      const staged = await readOnce();
      busy = undefined;
      return staged;
    } catch (fault) {
      if (!copy || !transientFaultOf(fault) || times.now() - copy.at > staleForMs) throw fault;
      busy = { at: times.now(), fault };
      return copy.staged;
    }
  }
  const missed = (found: StagedValue | undefined) => {
    if (!found && busy) throw busy.fault;
    return found;
  };

  return {
    async find(match) {
      const age = copy ? times.now() - copy.at : Infinity;
      const staged = age < times.maxAgeMs ? copy!.staged : await latest();
      const found = staged.find(match);
      if (found || times.now() - copy!.at < times.missAfterMs) return found;
      return missed(busy ? undefined : (await latest()).find(match));
    },
  };
}

/** One value that never rotates (tests, benchmarks). */
export const fixedVersions = (value: string, versionId = 'fixed'): SecretVersions => {
  const staged: StagedValue = { versionId, value, stages: ['AWSCURRENT'] };
  return { find: async (match) => (match(staged) ? staged : undefined) };
};

/** A secret the environment does not name: only a function that never uses it runs without it. */
export const unsetSecret = (envVar: string): SecretVersions => ({
  find: () => Promise.reject(new Error(`${envVar} is not set`)),
});

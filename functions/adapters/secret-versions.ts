// A rotated secret as its users see it: the values Secrets Manager keeps staged (the current one, the one a rotation
// is putting in place, the one before), read at run time and cached, never from the environment.
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';

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
  const staleOr = (fault: unknown) => {
    if (!copy) throw fault;
    return copy.staged;
  };
  const readOnce = () => {
    reading ??= read().finally(() => (reading = undefined));
    return reading;
  };

  return {
    async find(match) {
      const age = copy ? times.now() - copy.at : Infinity;
      // A copy past its age serves on while Secrets Manager cannot answer (throttled, failing): it is the newest known.
      const staged = age < times.maxAgeMs ? copy!.staged : await readOnce().catch(staleOr);
      const found = staged.find(match);
      if (found || times.now() - copy!.at < times.missAfterMs) return found;
      return (await readOnce().catch(staleOr)).find(match);
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

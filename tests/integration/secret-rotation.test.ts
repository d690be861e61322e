// The rotation of our own secrets, with Secrets Manager played by the local emulator over the SDK: Secrets Manager
// stages a version (RotateSecret), then invokes the rotation function's four steps; we run them as it would.
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  RotateSecretCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { type CacheTimes, secretsManagerVersions } from '../../functions/adapters/secret-versions.ts';
import { signingKeys } from '../../functions/adapters/signing-key.ts';
import { issueToken, verifyToken } from '../../functions/adapters/tokens.ts';
import { errorResponse } from '../../functions/http/errors.ts';
import { cameThroughOrigin } from '../../functions/http/origin-guard.ts';
import { type RotationEvent, rotateSecret } from '../../functions/rotation/rotate-secret.ts';
import { startAwsEmulator } from '../../infra/local/aws-emulator.ts';
import { testFolder } from '../support/global-setup.ts';

let emulator: Awaited<ReturnType<typeof startAwsEmulator>>;
let client: SecretsManagerClient;
/** The Secrets Manager operations the readers sent. */
const sent: string[] = [];
const counted = {
  send: ((command: object) => (sent.push(command.constructor.name), client.send(command as never))) as never,
};
/** The readers' clock for their cached copy, moved by the tests. */
let at = 0;
const times: CacheTimes = { maxAgeMs: 300_000, missAfterMs: 5_000, now: () => at };

beforeAll(async () => {
  emulator = await startAwsEmulator({
    invoke: () => undefined,
    outboxDir: testFolder('rotation-outbox-'),
    secrets: { jwt: 'first-signing-key', origin: 'first-origin-value' },
  });
  client = new SecretsManagerClient({
    endpoint: emulator.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(() => emulator.close());

/** One whole rotation, each step run twice (Secrets Manager retries a step that failed to answer). */
async function rotate(secretId: string, putInPlace?: (value: string) => Promise<void>) {
  const { VersionId } = await client.send(new RotateSecretCommand({ SecretId: secretId }));
  for (const Step of ['createSecret', 'setSecret', 'testSecret', 'finishSecret'] as const) {
    const event: RotationEvent = { SecretId: secretId, ClientRequestToken: VersionId!, Step };
    await rotateSecret(event, { secrets: client, putInPlace });
    await rotateSecret(event, { secrets: client, putInPlace });
  }
  return VersionId!;
}

describe('the JWT signing key rotates without signing anybody out', () => {
  const clock = fixedClock(new Date('2026-11-28T12:00:00Z'));
  const keys = signingKeys(secretsManagerVersions(counted, 'jwt', times));
  const deps = { clock, signingKeys: keys };
  const claims = { userId: 7, clientId: 2 };
  const kidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid;

  it('signs with the current key, names it, and keeps verifying a token of the key before it until a second rotation', async () => {
    const before = (await issueToken(deps, claims)).access_token;
    const firstKid = kidOf(before);

    const second = await rotate('jwt');
    at += times.maxAgeMs;
    const after = (await issueToken(deps, claims)).access_token;
    expect(kidOf(after)).toBe(second);
    expect(kidOf(after)).not.toBe(firstKid);
    expect(await verifyToken(deps, before)).toMatchObject(claims);
    expect(await verifyToken(deps, after)).toMatchObject(claims);

    await rotate('jwt');
    at += times.maxAgeMs;
    expect(await verifyToken(deps, before)).toBeUndefined();
    expect(await verifyToken(deps, after)).toMatchObject(claims);
  });

  it('learns of a new key when a token names it, but a forged key id costs at most one read every few seconds', async () => {
    const newer = await rotate('jwt');
    // Another container signed with the new key while this one's copy is fresh.
    const token = (await issueToken({ clock, signingKeys: signingKeys(secretsManagerVersions(client, 'jwt')) }, claims))
      .access_token;
    expect(kidOf(token)).toBe(newer);
    at += times.missAfterMs;
    expect(await verifyToken(deps, token)).toMatchObject(claims);

    const forged = `${Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: 'forged' })).toString('base64url')}.${token.split('.').slice(1).join('.')}`;
    sent.length = 0;
    for (let i = 0; i < 20; i++) expect(await verifyToken(deps, forged)).toBeUndefined();
    expect(sent).toEqual([]);
    at += times.missAfterMs;
    expect(await verifyToken(deps, forged)).toBeUndefined();
    expect(sent).toEqual(['DescribeSecretCommand']);
  });
});

describe('Secrets Manager throttling the signing keys signs nobody out', () => {
  const clock = fixedClock(new Date('2026-11-28T12:00:00Z'));
  let throttling = false;
  const asked: string[] = [];
  const throttled = Object.assign(new Error('Rate exceeded'), {
    name: 'ThrottlingException',
    $fault: 'client',
    $metadata: { httpStatusCode: 400 },
  });
  const busy = {
    send: ((command: object) => {
      asked.push(command.constructor.name);
      return throttling ? Promise.reject(throttled) : client.send(command as never);
    }) as never,
  };
  const claims = { userId: 7, clientId: 2 };
  const readers = () => ({ clock, signingKeys: signingKeys(secretsManagerVersions(busy, 'jwt', times)) });
  const signedElsewhere = async () =>
    (await issueToken({ clock, signingKeys: signingKeys(secretsManagerVersions(client, 'jwt')) }, claims)).access_token;

  it('a copy past its age serves on while Secrets Manager throttles, asked again every few seconds at most', async () => {
    const deps = readers();
    const token = (await issueToken(deps, claims)).access_token;
    throttling = true;
    at += times.maxAgeMs;
    asked.length = 0;
    expect(await verifyToken(deps, token)).toMatchObject(claims);
    expect(await verifyToken(deps, token)).toMatchObject(claims);
    expect(asked).toEqual(['DescribeSecretCommand']);
    throttling = false;
    at += times.missAfterMs;
    expect(await verifyToken(deps, token)).toMatchObject(claims);
    expect(asked).toEqual(['DescribeSecretCommand', 'DescribeSecretCommand']);
    expect(await verifyToken(deps, token)).toMatchObject(claims);
    expect(asked).toHaveLength(2);
  });

  it('without a copy, or for a key the copy lacks, the token is no verdict: a 503 the app asks again after, not a 401', async () => {
    const token = await signedElsewhere();
    const deps = readers();
    throttling = true;
    const fault = await verifyToken(deps, token).catch((error: unknown) => error);
    expect(fault).toMatchObject({ name: 'ThrottlingException' });
    expect(errorResponse(fault).statusCode).toBe(503);
    throttling = false;
    expect(await verifyToken(deps, token)).toMatchObject(claims);

    // A rotation this copy has not seen, and Secrets Manager throttling when a token of the new key comes.
    await rotate('jwt');
    const rotated = await signedElsewhere();
    throttling = true;
    at += times.maxAgeMs;
    await expect(verifyToken(deps, rotated)).rejects.toMatchObject({ name: 'ThrottlingException' });
    throttling = false;
    at += times.missAfterMs;
    expect(await verifyToken(deps, rotated)).toMatchObject(claims);
    expect(await verifyToken(deps, `${rotated}x`)).toBeUndefined();
  });
});

describe('the origin-verify value rotates while CloudFront keeps sending either value', () => {
  it("puts the new value in CloudFront's origin before it becomes current, and the guard accepts both meanwhile", async () => {
    const secret = secretsManagerVersions(client, 'origin', times);
    const cloudFront: string[] = [];
    const through = (value: string) => cameThroughOrigin({ 'x-origin-verify': value }, secret);
    expect(await through('first-origin-value')).toBe(true);

    await rotate('origin', async (value) => {
      cloudFront.push(value);
      at += times.missAfterMs;
      // CloudFront's edges now send the new value, and some still the old one.
      expect(await through(value)).toBe(true);
      expect(await through('first-origin-value')).toBe(true);
    });
    expect(new Set(cloudFront).size).toBe(1);
    at += times.maxAgeMs;
    expect(await through(cloudFront[0]!)).toBe(true);
    expect(await through('first-origin-value')).toBe(true);
    expect(await through('a guess')).toBe(false);
  });
});

describe('a rotation step whose put lost its answer', () => {
  it('succeeds when the SDK sends the same put again, as on AWS, and a put of another value under the token is refused', async () => {
    const { VersionId } = await client.send(new RotateSecretCommand({ SecretId: 'origin' }));
    const put = (SecretString: string) =>
      client.send(
        new PutSecretValueCommand({
          SecretId: 'origin',
          ClientRequestToken: VersionId,
          SecretString,
          VersionStages: ['AWSPENDING'],
        }),
      );
    await put('pending-value');
    await expect(put('pending-value')).resolves.toMatchObject({ VersionId });
    await expect(put('another-value')).rejects.toMatchObject({ name: 'ResourceExistsException' });
    const pending = await client.send(
      new GetSecretValueCommand({ SecretId: 'origin', VersionId, VersionStage: 'AWSPENDING' }),
    );
    expect(pending.SecretString).toBe('pending-value');
  });
});

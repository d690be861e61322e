// The artifact lane's secret rotations (tests/artifacts/artifact-lane.ts): the JWT signing key rotates in the API
// stack and the origin-verify value in the web stack, each in four steps, and the API goes on answering through both.
import { contracts } from '#domain/contracts/api.ts';
import type { startLane } from '../../infra/artifact-lane/lane.ts';
import { call } from '../integration/support/call.ts';
import type { client } from '../integration/support/test-stack.ts';

type Lane = Awaited<ReturnType<typeof startLane>>;
type Check = (what: string, ok: boolean, detail?: unknown) => void;

/** Rotates both secrets and checks tokens signed before and after, and the origin CloudFront sends, still work. */
export async function rotationsHold(lane: Lane, api: ReturnType<typeof client>, alex: string, check: Check) {
  const jwtSecretArn = lane.functions.find((fn) => fn.environment.JWT_SECRET_ARN)!.environment.JWT_SECRET_ARN!;
  const steps = await lane.rotate(jwtSecretArn);
  check(
    'the JWT key rotates in four steps',
    Object.values(steps).every((step) => step === 'ok'),
    steps,
  );
  check(
    'a token signed before the rotation is still accepted',
    (await call(api, contracts.currentUser, {}, alex)).status === 200,
  );
  const afterRotation = await api.signIn('alex');
  check(
    'a token signed after it is accepted',
    (await call(api, contracts.currentUser, {}, afterRotation)).status === 200,
  );

  // The origin-verify value rotates in the web stack: its setSecret step writes the new value into CloudFront's origin
  // before it is made current, and the API goes on answering what CloudFront now sends.
  const originArn = lane.functions.find((fn) => fn.environment.ORIGIN_VERIFY_SECRET_ARN)!.environment
    .ORIGIN_VERIFY_SECRET_ARN!;
  const originBefore = { ...lane.cloudFront.headersFor(lane.apiHost) };
  const originSteps = await lane.rotate(originArn);
  check(
    'the origin-verify value rotates in four steps',
    Object.values(originSteps).every((step) => step === 'ok'),
    originSteps,
  );
  check(
    'CloudFront sends the new value',
    JSON.stringify(lane.cloudFront.headersFor(lane.apiHost)) !== JSON.stringify(originBefore),
  );
  // A sandbox that read the secret's versions within the last 5 s refuses a value it lacks until its copy is 5 s old
  // (functions/adapters/secret-versions.ts: a forged value cannot cost a read each); CloudFront's edges take minutes.
  let throughNewOrigin = await call(api, contracts.currentUser, {}, afterRotation);
  for (const started = Date.now(); throughNewOrigin.status === 403 && Date.now() - started < 15_000;)
    throughNewOrigin = await call(api, contracts.currentUser, {}, afterRotation);
  check('the API answers through CloudFront after it', throughNewOrigin.status === 200, throughNewOrigin.body);
}

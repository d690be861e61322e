// X-Ray tracing of every Lambda (Powertools Tracer): each invocation a segment, each AWS SDK call a
// subsegment. It traces only inside Lambda with active tracing; locally and in tests it does nothing.
// The package comes from the Powertools Lambda layer (infra/aws/bundling.ts): bundled, its X-Ray SDK
// would take half of a player area's 250 kB. It is loaded only inside Lambda: on loading, the X-Ray SDK
// hooks every promise of the process (cls-hooked's async hook with destroy tracking), which cost the
// local stack, where nothing is traced, a sixth of its CPU.
import middy from '@middy/core';
import type { Context } from 'aws-lambda';

const inLambda = process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined;
const powertools = inLambda
  ? await Promise.all([import('@aws-lambda-powertools/tracer'), import('@aws-lambda-powertools/tracer/middleware')])
  : undefined;

const tracer = powertools && new powertools[0].Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'pickem' });

/** An AWS SDK client whose calls are traced as subsegments (inside Lambda). */
export const traceClient = <Client>(client: Client): Client => (tracer ? tracer.captureAWSv3Client(client) : client);

/** The middy middleware tracing a handler, none outside Lambda; answers stay out of the traces (they hold players' data). */
export const tracing = (): middy.MiddlewareObj[] =>
  powertools && tracer ? [powertools[1].captureLambdaHandler(tracer, { captureResponse: false })] : [];

/** A plain handler traced; called without a Lambda context (the local runtime), it runs untraced. */
export function withTracing<Event, Result>(
  handler: (event: Event, context?: Context) => Promise<Result>,
): (event: Event, context?: Context) => Promise<Result> {
  if (!powertools || !tracer) return handler;
  const wrapped = middy(handler).use(tracing());
  return (event, context) => (context ? wrapped(event, context) : handler(event));
}

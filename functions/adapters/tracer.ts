// X-Ray tracing of every Lambda (Powertools Tracer): each invocation a segment, each AWS SDK call a
// subsegment. It traces only inside Lambda with active tracing; locally and in tests it does nothing.
// The package comes from the Powertools Lambda layer (infra/aws/bundling.ts): bundled, its X-Ray SDK
// would take half of a player area's 250 kB.
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';

export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'pickem' });

/** The middy middleware tracing a handler; answers stay out of the traces (they hold players' data). */
export const traced = () => captureLambdaHandler(tracer, { captureResponse: false });

/** A plain handler traced; called without a Lambda context (the local runtime), it runs untraced. */
export function withTracing<Event, Result>(
  handler: (event: Event, context?: Context) => Promise<Result>,
): (event: Event, context?: Context) => Promise<Result> {
  const wrapped = middy(handler).use(traced());
  return (event, context) => (context ? wrapped(event, context) : handler(event));
}

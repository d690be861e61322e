// The health check load balancers, monitors and the on-call operator read: cheap, public, no caller data.
import * as z from 'zod/mini';
import { text } from './answers.ts';
import { answer, defineContract } from './contract.ts';

export type CheckStatus = 'ok' | 'failing';

export interface Health {
  /** ok when every check is; the call answers 503 otherwise. */
  status: 'ok' | 'degraded';
  version: string;
  checks: { tables: CheckStatus };
  /** On the 503 answer: the request's id, as every answer of 400 and above carries it (functions/http/log-context.ts). */
  requestId?: string;
}

export const health = defineContract({
  method: 'GET',
  path: '/Services/health',
  input: 'query',
  summary: 'Whether the API can serve: its version and a read of each table; 503 when one fails',
  request: z.object({}),
  response: answer<Health>(
    z.object({
      status: z.enum(['ok', 'degraded']),
      version: text,
      checks: z.object({ tables: z.enum(['ok', 'failing']) }),
      requestId: z.optional(text),
    }),
  ),
  answersDegraded: true,
});

export const healthContracts = { health };

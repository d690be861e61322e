// The demo stack of useBrowserStack with the company admin's Import Scores already run through the
// API: results for the weeks played and their penalties.
import type { LocalStack } from '../../../infra/local/stack.ts';
import { apiToken } from './app.ts';
import type { SharedGiven } from '../../support/local-test-stack.ts';
import { useBrowserStack } from './browser-stack.ts';

/** Calls the stack's API as a script would: `token` signs the call; answers are parsed JSON. */
export function stackApi(stack: LocalStack) {
  const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const response = await fetch(`${stack.url}/Services${path}`, {
      ...init,
      headers: init.token ? { Authorization: `Bearer ${init.token}` } : {},
    });
    return response.json();
  };
  const signIn = (login: string) => apiToken(stack.url, login, 'pickem-demo');
  return { call, signIn };
}

async function importScores(stack: LocalStack) {
  const { call, signIn } = stackApi(stack);
  const token = await signIn('coach');
  const { jobId } = await call('/api/Game/load-results', {
    method: 'POST',
    token,
    body: new URLSearchParams({ sportId: '33' }),
  });
  // Settled: the job has run and the projector has caught up with the events it appended.
  await stack.settled();
  const job = await call(`/api/Job/status?id=${jobId}`, { token });
  if (job.status !== 'succeeded') throw new Error(`Import Scores ended ${job.status}: ${job.error}`);
}

/**
 * `beforeImport` adds to the demo while the week's games are still open (before their results). The files at one
 * clock with the same additions share the state, made once per run.
 */
export function useScoredDemo(now: string, beforeImport?: SharedGiven) {
  return useBrowserStack(now, {
    sharedGiven: {
      name: beforeImport ? `the scored demo after ${beforeImport.name}` : 'the scored demo',
      run: async (stack) => {
        await beforeImport?.run(stack);
        await importScores(stack);
      },
    },
  });
}

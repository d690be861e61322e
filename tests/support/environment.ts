// Environment variables a test file sets for its tests, put back as they were after them: the files of a project
// that does not isolate them share one process (vitest.config.ts), and the next file must not inherit a season or a
// sports provider.
import { afterAll, beforeAll } from 'vitest';

type Variables = Record<string, string | undefined>;

const assign = (variables: Variables) => {
  for (const [name, value] of Object.entries(variables))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
};

/**
 * Sets the variables before the file's tests (call it before the hooks that read them, say useTestStack) and
 * restores every one of them after, including those a test sets later (name them with undefined).
 */
export function useEnvironment(variables: Variables) {
  let before: Variables = {};
  beforeAll(() => {
    before = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
    assign(variables);
  });
  afterAll(() => assign(before));
}

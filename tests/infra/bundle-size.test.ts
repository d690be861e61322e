// Every Lambda the app deploys, bundled as pickemFunction bundles it (infra/aws/lambda-function.ts: ESM, minified,
// the AWS SDK left to the runtime, the Tracer to the Powertools layer): a small bundle loads fast on a cold start.
// zod/mini keeps the contracts' share small; classic zod on the Lambda path alone would add some 300 kB.
import { CfnResource } from 'aws-cdk-lib';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { areaEntry, areas } from '../../functions/http/routes.ts';
import { externalModules } from '../../infra/aws/bundling.ts';
import { functionEntry } from '../../infra/aws/lambda-function.ts';
import { synthPickem } from './pickem-app.ts';

// Every bundle stays under 250 kB: the ten API areas (the administrators' too: players call the admin area for
// announcements, prizes and Contact Admin, and jobStatus is the imports area's), the jobs, the projector, the deploy
// hook and the secret rotation. What keeps them there: each area's Lambda imports its own contract modules (areaApi
// takes them), never the registry of all 80 operations; the team-logo sanitiser's XML parser (some 60 kB) is the
// imports area's alone, with the other writes of the shared catalogue; the users CSV import reads its file with our
// own small reader (domain/accounts/csv-records.ts), where a CSV library took some 30 kB of the users area and the jobs.
const limitKb = 250;

/** The app as `cdk synth` makes it (functions not bundled), shared with the other infra tests. */
const stacks = synthPickem({}, { siteDir: new URL('.', import.meta.url).pathname });
const constructs = Object.values(stacks).flatMap((stack) => stack.node.findAll());
const functions = constructs.filter((construct) => construct instanceof NodejsFunction);
/** The entries the app's functions are built from; one bundle may serve several functions (the two rotations). */
const entries = [...new Set(functions.map((fn) => functionEntry(fn) ?? fn.node.path))].sort();

const bundle = (entry: string) =>
  build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    external: externalModules,
    minify: true,
    write: false,
    outfile: 'index.mjs',
    metafile: true,
  });

describe('Lambda bundles', () => {
  it('measures every function the app deploys: all are built by pickemFunction, but CDK’s own two', () => {
    const notOurs = constructs
      .filter((construct) => construct instanceof CfnResource && construct.cfnResourceType === 'AWS::Lambda::Function')
      .filter((construct) => !(construct.node.scope instanceof NodejsFunction))
      .map((construct) => construct.node.path)
      .sort();
    // CDK's handlers, not bundles of ours: the one behind the Trigger that reconciles the process schedules after a
    // deploy (it invokes the jobs function), and the one that copies the built site into its bucket.
    expect(notOurs).toEqual([
      expect.stringMatching(/^PickemApi\/AWSCDK\.TriggerCustomResourceProvider/),
      expect.stringMatching(/^PickemWeb\/Custom::CDKBucketDeployment/),
    ]);
    expect(functions.filter((fn) => functionEntry(fn) === undefined).map((fn) => fn.node.path)).toEqual([]);
    expect(entries).toEqual(
      expect.arrayContaining([
        ...areas.map(areaEntry),
        'functions/jobs/handler.ts',
        'functions/projector/handler.ts',
        'functions/deploy/pre-traffic-hook.ts',
        'functions/rotation/rotate-secret.ts',
      ]),
    );
    expect(entries).toHaveLength(areas.length + 4);
  });

  it.each(entries.map((entry) => [entry, limitKb] as const))('%s stays under %i kB minified', async (entry, kb) => {
    const result = await bundle(entry);
    const [output] = result.outputFiles;
    expect(output!.contents.byteLength).toBeLessThanOrEqual(kb * 1024);
    // The faults PICKEM_FAULTS injects are the local twin's (infra/local/faults.ts), never AWS's.
    expect(output!.text).not.toMatch(/PICKEM_FAULTS|pickemFaults/);
    // A function takes its own contract modules: the registry of all 80 operations would bring every one's schemas.
    expect(Object.keys(result.metafile.inputs)).not.toContain('domain/contracts/api.ts');
  });
});

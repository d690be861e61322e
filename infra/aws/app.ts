import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { addPickemStacks } from './stacks.ts';

const siteDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const { CDK_DEFAULT_ACCOUNT: account, CDK_DEFAULT_REGION: region } = process.env;

addPickemStacks(new App(), {
  env: account || region ? { account, region } : undefined,
  // Synth must work before the first web build; deploy again after `npm run build:web`.
  siteDir: existsSync(siteDir) ? siteDir : undefined,
});

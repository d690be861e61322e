// What the Lambda bundles leave out: the AWS SDK is in the Node 24 runtime, the Tracer in the Powertools
// layer the API stack adds to every function. The bundle-size test bundles with the same list.
export const externalModules = ['@aws-sdk/*', '@aws-lambda-powertools/tracer'];

/** The Powertools for AWS Lambda (TypeScript) v2 layer version; context powertoolsLayerVersion overrides it. */
export const powertoolsLayerVersion = '44';

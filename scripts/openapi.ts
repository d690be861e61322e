// npm run openapi: writes docs/openapi.json from the contracts, and the client types generated from it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { openApiText } from '../functions/http/openapi.ts';
import { openApiTypesFile, openApiTypesText } from './openapi-types.ts';

mkdirSync('docs', { recursive: true });
const document = openApiText();
writeFileSync('docs/openapi.json', document);
writeFileSync(openApiTypesFile, await openApiTypesText(document));
console.log(`wrote docs/openapi.json and ${openApiTypesFile}`);

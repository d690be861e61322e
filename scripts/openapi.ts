// npm run openapi: writes docs/openapi.json from the contracts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { openApiText } from '../functions/http/openapi.ts';

mkdirSync('docs', { recursive: true });
writeFileSync('docs/openapi.json', openApiText());
console.log('wrote docs/openapi.json');

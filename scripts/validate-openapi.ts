// npm run lint:api: docs/openapi.json against the OpenAPI 3.1 schema and its references, as swagger-parser reads it
// (an integrator's code generator does the same before it trusts the document).
import SwaggerParser from '@apidevtools/swagger-parser';

const document = await SwaggerParser.validate('docs/openapi.json');
console.log(`docs/openapi.json: valid OpenAPI ${'openapi' in document ? document.openapi : ''} (swagger-parser)`);

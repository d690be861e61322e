// Every operation that takes input shows an example in docs/openapi.json, and each example is a request its
// contract accepts, so the documentation cannot drift from the schemas.
import * as z from 'zod/mini';
import { contracts } from '#domain/contracts/api.ts';
import type { Contract } from '#domain/contracts/contract.ts';
import { contractExamples } from '#domain/contracts/examples.ts';
import { openApiDocument } from '../../functions/http/openapi.ts';

const all = Object.entries(contracts) as [keyof typeof contracts, Contract][];
// A list (a batch of changes) takes input too; only an object without fields takes none.
const takesInput = ({ request }: Contract) =>
  !(request instanceof z.ZodMiniObject) || Object.keys(request.shape).length > 0;

describe('contract examples', () => {
  it.each(all.filter(([, contract]) => takesInput(contract)))(
    'every contract that takes input has an example its own request schema accepts: %s',
    (name, contract) => {
      const example = contractExamples[name];
      expect(example).toBeDefined();
      expect(z.safeParse(contract.request, example).error?.issues ?? []).toEqual([]);
    },
  );

  it('the OpenAPI document shows each example: as the body of a form or JSON call, on the parameters of a query', () => {
    for (const byMethod of Object.values(openApiDocument().paths))
      for (const operation of Object.values(byMethod) as {
        operationId: keyof typeof contracts;
        parameters?: { name: string; example?: unknown }[];
        requestBody?: { content: Record<string, { example?: unknown }> };
      }[]) {
        const example = contractExamples[operation.operationId];
        if (example === undefined) continue;
        if (contracts[operation.operationId].input === 'query')
          expect(
            Object.fromEntries(
              (operation.parameters ?? []).filter((p) => 'example' in p).map((p) => [p.name, p.example]),
            ),
          ).toEqual(example);
        else expect(Object.values(operation.requestBody!.content)).toEqual([expect.objectContaining({ example })]);
      }
  });
});

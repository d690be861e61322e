// Every operation shows an example in docs/openapi.json (a request when it takes input, else its answer), and each
// example is one its contract accepts, so the documentation cannot drift from the schemas.
import * as z from 'zod/mini';
import { contracts } from '#domain/contracts/api.ts';
import type { Contract } from '#domain/contracts/contract.ts';
import { answerExamples, contractExamples } from '#domain/contracts/examples.ts';
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

  it.each(all.filter(([, contract]) => !takesInput(contract)))(
    'every contract that takes no input has an example answer: %s',
    (name) => expect(answerExamples[name]).toBeDefined(),
  );

  it.each(Object.keys(answerExamples) as (keyof typeof contracts)[])(
    'an example answer is one its contract answers, shown on the success response: %s',
    (name) => {
      const { response } = contracts[name] as Contract;
      expect(z.safeParse(response.schema, answerExamples[name]).error?.issues ?? []).toEqual([]);
      const operation = Object.values(openApiDocument().paths)
        .flatMap((byMethod) => Object.values(byMethod) as { operationId: string; responses: Record<string, unknown> }[])
        .find((each) => each.operationId === name)!;
      expect(operation.responses[response.status]).toMatchObject({
        content: { 'application/json': { example: answerExamples[name] } },
      });
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

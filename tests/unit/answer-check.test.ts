// The integration tests' answer check (tests/integration/support/answer-check.ts) holds an answer to
// docs/openapi.json as well as to its contract: a header the document promises on every answer is required.
import { checkAnswer } from '../integration/support/answer-check.ts';

const healthy = { status: 'ok', version: '0.1.0', checks: { tables: 'ok' } };
const headers = (names: Record<string, string>) => new Headers(names);

describe('the answer check', () => {
  it('passes an answer with the body and headers the document describes', () => {
    const sent = headers({ 'x-request-id': 'r-1', 'x-server-time': '2026-11-08T12:00:00.000Z' });
    expect(() => checkAnswer('GET', '/Services/health', 200, healthy, sent)).not.toThrow();
  });

  it('fails an answer without a header the document says every answer carries', () => {
    expect(() => checkAnswer('GET', '/Services/health', 200, healthy, headers({ 'x-request-id': 'r-1' }))).toThrow(
      /not as docs\/openapi.json says \(no x-server-time header\)/,
    );
  });

  it('fails a refusal that is not the documented Error shape', () => {
    expect(() => checkAnswer('GET', '/Services/user', 401, { message: 'no' }, headers({}))).toThrow(/Error shape/);
  });
});

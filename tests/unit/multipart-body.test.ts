import { describe, expect, it } from 'vitest';
import { ValidationError } from '#domain/errors.ts';
import { multipartBody, parseMultipart } from '../../functions/http/multipart-body.ts';

async function encoded(entries: [string, string | Blob, string?][]) {
  const form = new FormData();
  for (const [name, value, fileName] of entries)
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

const raw = (parts: string) => Buffer.from(parts.replaceAll('\n', '\r\n'));
const refused = (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(ValidationError);

describe('multipart body', () => {
  it('reads fields as a form does: name[] and name[0] make lists, a repeated name keeps the last', async () => {
    const { body, contentType } = await encoded([
      ['login', 'alex'],
      ['ids[]', '1'],
      ['ids[]', '2'],
      ['bets[0]', 'x'],
      ['name', 'first'],
      ['name', 'Zoë ✓'],
    ]);
    expect({ ...(await parseMultipart(body, contentType)) }).toEqual({
      login: 'alex',
      ids: ['1', '2'],
      bets: ['x'],
      name: 'Zoë ✓',
    });
  });

  it('refuses a part without a name, a file part, a missing boundary and a cut body', async () => {
    const type = 'multipart/form-data; boundary=x';
    await refused(parseMultipart(raw('--x\nContent-Disposition: form-data\n\nzz\n--x--\n'), type));
    await refused(parseMultipart(raw('--x\nContent-Disposition: form-data\n\nzz'), type));
    await refused(parseMultipart(raw('--x\nContent-Disposition: form-data; name="a"\n\nzz'), type));
    await refused(parseMultipart(raw('zz'), 'multipart/form-data'));
    await refused(parseMultipart(raw('garbage'), type));
    const file = await encoded([['upload', new Blob(['data']), 'a.txt']]);
    await refused(parseMultipart(file.body, file.contentType));
  });

  it('refuses a field larger than 256 kB and a list name mixed with a plain one stays a list', async () => {
    const big = await encoded([['a', 'b'.repeat(300 * 1024)]]);
    await refused(parseMultipart(big.body, big.contentType));
    const mixed = await encoded([
      ['ids', '1'],
      ['ids[]', '2'],
    ]);
    expect((await parseMultipart(mixed.body, mixed.contentType)).ids).toEqual(['1', '2']);
  });

  it('as middleware: parses base64 bodies, leaves other content types alone, refuses a missing body', async () => {
    const { body, contentType } = await encoded([['login', 'alex']]);
    const { before } = multipartBody();
    const event = { headers: { 'content-type': contentType }, body: body.toString('base64'), isBase64Encoded: true };
    await before!({ event } as never);
    expect({ ...(event.body as unknown as object) }).toEqual({ login: 'alex' });
    const json = { headers: { 'content-type': 'application/json' }, body: '{}' };
    await before!({ event: json } as never);
    expect(json.body).toBe('{}');
    await refused(before!({ event: { headers: { 'content-type': contentType } } } as never) as Promise<unknown>);
  });
});

// The standings file opens right in a spreadsheet (docs/rules.md, Standings export): it starts with the UTF-8 byte
// order mark, without which Excel reads it in the machine's code page and mangles an accented name.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });

describe('the standings file', () => {
  it('starts with the UTF-8 byte order mark, then the header, an accented name kept as its UTF-8 bytes', async () => {
    const taylor = await given.api.signIn('taylor');
    const me = (await call(given.api, contracts.currentUser, {}, taylor)).body;
    const renamed = await call(
      given.api,
      contracts.editUser,
      { id: me.id, displayName: 'Zoë Ibáñez', firstName: 'Zoë', lastName: 'Ibáñez' },
      taylor,
    );
    expect(renamed.status).toBe(200);
    await given.stack.settled();

    const answer = await fetch(`${given.stack.url}${contracts.balanceExport.path}?sportId=33&weekId=20263309`, {
      headers: { authorization: `Bearer ${taylor}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.slice(1).startsWith('Rank,Player,First name,Last name,')).toBe(true);
    // Only at the start: no line of the file carries a mark of its own.
    expect(text.lastIndexOf('\uFEFF')).toBe(0);
    expect(text).toContain(',Zoë Ibáñez,Zoë,Ibáñez,');
    expect(bytes.includes(Buffer.from('Zoë Ibáñez', 'utf8'))).toBe(true);
  });
});

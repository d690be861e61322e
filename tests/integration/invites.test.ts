// Invite links and invite-only sign-up (docs/rules.md, Invites): a commissioner makes, lists and withdraws links;
// with invite-only on, sign-up needs a working code of the client, and a link allows no more sign-ups than it says.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { createUsersApi } from '../../functions/http/users-api.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { call } from './support/call.ts';
import { callHandler } from './support/call-handler.ts';
import { depsWithFault } from './support/faulty-deps.ts';
import { newcomer } from './support/newcomer.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();

const register = (form: RequestOf<typeof contracts.register>) => call(given.api, contracts.register, form);
const codeOf = (url: string) => decodeURIComponent(new URL(url.replace('/#/', '/')).searchParams.get('invite')!);

describe('invite links', () => {
  it('a commissioner makes a link: its code is answered once inside the sign-up address, the list shows its expiry and uses only', async () => {
    const coach = await given.api.signIn('coach');
    const made = await call(given.api, contracts.createInvite, { expiresInDays: 7, maxUses: 3 }, coach);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ maxUses: 3, uses: 0 });
    expect(made.body.code.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    expect(made.body.url).toMatch(/\/#\/sign-up\?invite=/);
    expect(codeOf(made.body.url)).toBe(made.body.code);
    expect(Date.parse(made.body.expiresAt) - Date.parse(made.body.createdAt)).toBe(7 * 24 * 3600 * 1000);

    const list = await call(given.api, contracts.inviteList, {}, coach);
    expect(list.status).toBe(200);
    const listed = list.body.data.find((invite) => invite.id === made.body.id)!;
    expect(listed).toEqual({
      id: made.body.id,
      createdAt: made.body.createdAt,
      expiresAt: made.body.expiresAt,
      maxUses: 3,
      uses: 0,
    });
    expect(JSON.stringify(list.body)).not.toContain(made.body.code);
  });

  it('with invite-only on, sign-up needs a working code of the client: none, a forged one and another client’s are refused', async () => {
    const coach = await given.api.signIn('coach');
    const rivalAdmin = await given.api.signIn('rival-admin', undefined, 'rival');
    const rivalCode = (await call(given.api, contracts.createInvite, {}, rivalAdmin)).body.code;
    const code = (await call(given.api, contracts.createInvite, {}, coach)).body.code;
    const rules = () => call(given.api, contracts.signUpRules, { domain: 'demo' });
    expect((await rules()).body).toEqual({ clientName: 'Demo', inviteOnly: false });
    const on = await call(given.api, contracts.setInviteOnly, { inviteOnly: true }, coach);
    expect(on).toMatchObject({ status: 200, body: { inviteOnly: true } });
    // The sign-up page learns it before anything is typed.
    expect((await rules()).body).toEqual({ clientName: 'Demo', inviteOnly: true });
    expect((await call(given.api, contracts.inviteList, {}, coach)).body.inviteOnly).toBe(true);

    const without = await register(newcomer('demo'));
    expect(without).toMatchObject({ status: 400, body: { code: 'INVITE_REQUIRED' } });
    expect(without.body.error).toBe(
      'Sign-up at Demo is by invitation only: open the invite link your commissioner sent you.',
    );
    expect(await register(newcomer('demo', 'not-a-code'))).toMatchObject({
      status: 400,
      body: { code: 'INVITE_NOT_VALID' },
    });
    expect(await register(newcomer('demo', rivalCode))).toMatchObject({
      status: 400,
      body: { code: 'INVITE_NOT_VALID' },
    });

    const joined = await register(newcomer('demo', code));
    expect(joined.status).toBe(201);
    expect(joined.body.role).toBe('Bettor');
    const invite = (await call(given.api, contracts.inviteList, {}, coach)).body.data.find((row) => row.uses === 1);
    expect(invite).toBeDefined();

    // Another client stays open: the rival's sign-up needs no code.
    expect((await register(newcomer('rival'))).status).toBe(201);
    // Off again: open sign-up.
    await call(given.api, contracts.setInviteOnly, { inviteOnly: false }, coach);
    expect((await register(newcomer('demo'))).status).toBe(201);
  });

  it('a link allows no more sign-ups than it says, a withdrawn one none, an expired one none', async () => {
    const coach = await given.api.signIn('coach');
    await call(given.api, contracts.setInviteOnly, { inviteOnly: true }, coach);
    const once = (await call(given.api, contracts.createInvite, { maxUses: 1 }, coach)).body;
    // Two sign-ups at once on the last use: one joins.
    const both = await Promise.all([register(newcomer('demo', once.code)), register(newcomer('demo', once.code))]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(both.find((answer) => answer.status === 400)!.body.error).toBe(
      'This invite link is used up. Ask your commissioner for a new one.',
    );

    const withdrawn = (await call(given.api, contracts.createInvite, {}, coach)).body;
    expect(await call(given.api, contracts.deleteInvite, { id: withdrawn.id }, coach)).toMatchObject({ status: 200 });
    expect(
      (await call(given.api, contracts.inviteList, {}, coach)).body.data.some((row) => row.id === withdrawn.id),
    ).toBe(false);
    expect(await register(newcomer('demo', withdrawn.code))).toMatchObject({
      status: 400,
      body: { code: 'INVITE_NOT_VALID' },
    });
    expect(await call(given.api, contracts.deleteInvite, { id: withdrawn.id }, coach)).toMatchObject({ status: 404 });

    // A day-long link, tried two days later.
    const daily = (await call(given.api, contracts.createInvite, { expiresInDays: 1 }, coach)).body;
    const later = fixedClock(new Date(Date.parse(daily.createdAt) + 2 * 24 * 3600 * 1000));
    const lateApi = createUsersApi(() => ({ ...given.stack.deps, clock: later }));
    const late = await callHandler(lateApi, contracts.register, newcomer('demo', daily.code));
    expect(late).toMatchObject({
      status: 400,
      body: { error: 'This invite link is expired. Ask your commissioner for a new one.' },
    });
    await call(given.api, contracts.setInviteOnly, { inviteOnly: false }, coach);
  });

  it('the sign-up page asks about its code on arrival: a working one is said to work, any other is refused with the reason, and another client’s code is as unknown as a forged one', async () => {
    const coach = await given.api.signIn('coach');
    const rivalAdmin = await given.api.signIn('rival-admin', undefined, 'rival');
    const rules = (inviteCode: string, domain = 'demo') =>
      call(given.api, contracts.signUpRules, { domain, inviteCode });
    const working = (await call(given.api, contracts.createInvite, { maxUses: 1 }, coach)).body;
    expect(await rules(working.code)).toMatchObject({
      status: 200,
      body: { clientName: 'Demo', inviteOnly: false, invite: { works: true } },
    });
    expect((await rules(working.code)).body.invite).toEqual({ works: true });

    const unknown = { works: false, message: 'This invite link is not valid. Ask your commissioner for a new one.' };
    expect((await rules('not-a-code')).body).toEqual({ clientName: 'Demo', inviteOnly: false, invite: unknown });
    // The rival's own code works at the rival only; at the demo it answers exactly as a forged one.
    const rivalCode = (await call(given.api, contracts.createInvite, {}, rivalAdmin)).body.code;
    expect((await rules(rivalCode, 'rival')).body).toEqual({
      clientName: 'Rival League',
      inviteOnly: false,
      invite: { works: true },
    });
    expect((await rules(rivalCode)).body).toEqual((await rules('not-a-code')).body);

    // Used up, withdrawn, expired: each says why before anything is typed, and nothing was counted by asking.
    await call(given.api, contracts.setInviteOnly, { inviteOnly: true }, coach);
    expect((await register(newcomer('demo', working.code))).status).toBe(201);
    expect((await rules(working.code)).body).toEqual({
      clientName: 'Demo',
      inviteOnly: true,
      invite: { works: false, message: 'This invite link is used up. Ask your commissioner for a new one.' },
    });
    const withdrawn = (await call(given.api, contracts.createInvite, {}, coach)).body;
    await call(given.api, contracts.deleteInvite, { id: withdrawn.id }, coach);
    expect((await rules(withdrawn.code)).body.invite).toEqual(unknown);
    const daily = (await call(given.api, contracts.createInvite, { expiresInDays: 1 }, coach)).body;
    const later = fixedClock(new Date(Date.parse(daily.createdAt) + 2 * 24 * 3600 * 1000));
    const lateApi = createUsersApi(() => ({ ...given.stack.deps, clock: later }));
    expect(
      (await callHandler(lateApi, contracts.signUpRules, { domain: 'demo', inviteCode: daily.code })).body,
    ).toEqual({
      clientName: 'Demo',
      inviteOnly: true,
      invite: { works: false, message: 'This invite link is expired. Ask your commissioner for a new one.' },
    });
    for (let asked = 0; asked < 3; asked += 1) await rules(daily.code);
    const listed = (await call(given.api, contracts.inviteList, {}, coach)).body.data.find(
      (row) => row.id === daily.id,
    )!;
    expect(listed.uses).toBe(0);

    // Without a code the answer is as before; an overlong code is bad input.
    expect((await call(given.api, contracts.signUpRules, { domain: 'demo' })).body).toEqual({
      clientName: 'Demo',
      inviteOnly: true,
    });
    expect((await rules('x'.repeat(201))).status).toBe(400);
    await call(given.api, contracts.setInviteOnly, { inviteOnly: false }, coach);
  });

  it('a sign-up cut off after its account was made keeps its use: the link admits no one more, the account signs in, and asked again it finds its login taken', async () => {
    const coach = await given.api.signIn('coach');
    await call(given.api, contracts.setInviteOnly, { inviteOnly: true }, coach);
    const invite = (await call(given.api, contracts.createInvite, { maxUses: 1 }, coach)).body;
    // The account's user item throttled past the SDK's retries, after the login claim committed the account.
    const throttled = depsWithFault(
      given.stack,
      (command) => String(command.input.Key?.SK ?? command.input.Item?.SK).startsWith('USER#'),
      'throttle',
      Infinity,
    );
    const form = newcomer('demo', invite.code);
    const cut = await callHandler(
      createUsersApi(() => throttled),
      contracts.register,
      form,
    );
    expect(cut.status).toBe(503);
    expect(await register(newcomer('demo', invite.code))).toMatchObject({
      status: 400,
      body: { code: 'INVITE_NOT_VALID' },
    });
    expect(
      (await call(given.api, contracts.signIn, { login: form.login, password: form.password, domain: 'demo' })).status,
    ).toBe(200);
    // The same sign-up asked again finds its own account's login taken, not the link it used up: the app then signs
    // in with what was typed (tests/web/sign-up-retry.test.tsx).
    expect(await register(form)).toMatchObject({ status: 409, body: { code: 'ALREADY_TAKEN' } });
    await call(given.api, contracts.setInviteOnly, { inviteOnly: false }, coach);
  });

  it('a taken login gives the use back; bad input changes nothing; players and other clients are refused', async () => {
    const coach = await given.api.signIn('coach');
    await call(given.api, contracts.setInviteOnly, { inviteOnly: true }, coach);
    const invite = (await call(given.api, contracts.createInvite, { maxUses: 1 }, coach)).body;
    const taken = await register({ ...newcomer('demo', invite.code), login: 'alex' });
    expect(taken.status).toBe(409);
    const after = (await call(given.api, contracts.inviteList, {}, coach)).body.data.find(
      (row) => row.id === invite.id,
    )!;
    expect(after.uses).toBe(0);
    expect((await register(newcomer('demo', invite.code))).status).toBe(201);
    await call(given.api, contracts.setInviteOnly, { inviteOnly: false }, coach);

    for (const input of [{ expiresInDays: 0 }, { expiresInDays: 91 }, { maxUses: 0 }, { maxUses: 10_001 }])
      expect((await call(given.api, contracts.createInvite, input, coach)).status, JSON.stringify(input)).toBe(400);
    const alex = await given.api.signIn('alex');
    expect((await call(given.api, contracts.createInvite, {}, alex)).status).toBe(403);
    expect((await call(given.api, contracts.inviteList, {}, alex)).status).toBe(403);
    expect((await call(given.api, contracts.setInviteOnly, { inviteOnly: true }, alex)).status).toBe(403);

    const demo = (await findClientByDomain(given.stack.deps, 'demo'))!;
    const rivalAdmin = await given.api.signIn('rival-admin', undefined, 'rival');
    expect((await call(given.api, contracts.inviteList, { clientId: demo.id }, rivalAdmin)).status).toBe(403);
    expect(
      (await call(given.api, contracts.setInviteOnly, { clientId: demo.id, inviteOnly: true }, rivalAdmin)).status,
    ).toBe(403);
    expect((await call(given.api, contracts.createInvite, { clientId: demo.id }, rivalAdmin)).status).toBe(403);
    // The rival's administrator cannot withdraw the demo's link: to him it does not exist.
    const demoLink = (await call(given.api, contracts.createInvite, {}, coach)).body;
    expect((await call(given.api, contracts.deleteInvite, { id: demoLink.id }, rivalAdmin)).status).toBe(404);
    expect(
      (await call(given.api, contracts.inviteList, {}, coach)).body.data.some((row) => row.id === demoLink.id),
    ).toBe(true);
  });
});

// What the probes learn from a route's zod/mini request schema: its top-level fields, which of them
// must be given, and the kind of each (an id, another number, a flag, text, a list); and a request
// that passes the schema for a caller, from the field names with a few per-route choices.
import type { RouteName } from '../../../functions/http/routes.ts';
import { routes } from '../../../functions/http/routes.ts';
import { createECDH, randomBytes } from 'node:crypto';
import { supportIssues } from '#domain/contracts/support.ts';
import { currentWeekId, nfl, pastWeekId, probePassword } from './probe-tenants.ts';

export type FieldKind = 'id' | 'number' | 'flag' | 'text' | 'list' | 'idOrList' | 'unknown';

export interface Field {
  name: string;
  kind: FieldKind;
  required: boolean;
}

interface ZodDef {
  type: string;
  innerType?: { _zod: { def: ZodDef } };
  in?: { _zod: { def: ZodDef } };
  options?: { _zod: { def: ZodDef } }[];
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  coerce?: boolean;
  checks?: { _zod: { def: { check: string } } }[];
}

const defOf = (schema: unknown) => (schema as { _zod: { def: ZodDef } })._zod.def;

function describe(def: ZodDef, required = true): { kind: FieldKind; required: boolean } {
  switch (def.type) {
    case 'optional':
    case 'default':
      return { ...describe(defOf(def.innerType), false), required: false };
    case 'nullable':
      return describe(defOf(def.innerType), required);
    case 'pipe': {
      const inner = defOf(def.in);
      // optionalId: a transform in front of an optional id.
      if (inner.type === 'transform') return { kind: 'id', required: false };
      return describe(inner, required);
    }
    case 'number': {
      const positive = def.checks?.some((check) => check._zod.def.check === 'greater_than');
      return { kind: positive ? 'id' : 'number', required };
    }
    case 'union': {
      const kinds = def.options!.map((option) => describe(defOf(option)).kind);
      if (kinds.includes('list')) return { kind: 'idOrList', required };
      if (kinds.includes('flag')) return { kind: 'flag', required };
      return { kind: kinds[0] ?? 'unknown', required };
    }
    case 'boolean':
    case 'enum':
      return { kind: 'flag', required };
    case 'string':
      return { kind: 'text', required };
    case 'array':
      return { kind: 'list', required };
    default:
      return { kind: 'unknown', required };
  }
}

interface ListDef extends ZodDef {
  element?: { _zod: { def: ZodDef } };
}

/** The top-level fields of a route's request schema (of its items, for a list). */
export function fieldsOf(name: RouteName): Field[] {
  const request = defOf(routes[name].contract.request) as ListDef;
  const def = request.type === 'array' ? defOf(request.element) : request;
  const shape = def.type === 'object' ? def.shape! : (defOf(def.in).shape ?? {});
  return Object.entries(shape).map(([field, schema]) => ({ name: field, ...describe(defOf(schema)) }));
}

export interface SampleCaller {
  userId: number;
  login: string;
  /** A game of the current week open for bets, and one of its teams. */
  gameId: number;
  teamId: number;
  jobId: number;
}

let registrations = 0;

/** A browser's push subscription: a loopback endpoint (the local runtime allows it) and a real P-256 key. */
const pushSubscription = (caller: SampleCaller) => {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  return {
    endpoint: `http://127.0.0.1:9/push/probe-${caller.userId}`,
    keys: {
      p256dh: keys.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
};

/** Per-route requests that the generic rule below would not make pass. */
const samples: Partial<Record<RouteName, (caller: SampleCaller) => Record<string, unknown>>> = {
  signIn: (caller) => ({ login: caller.login, password: probePassword, domain: 'demo' }),
  sendPasswordLink: (caller) => ({ login: caller.login, domain: 'demo' }),
  resetPassword: () => ({ token: 'not-a-reset-token', newPassword: 'probe-new-password' }),
  setPassword: () => ({ oldPassword: probePassword, newPassword: probePassword }),
  register: () => {
    registrations += 1;
    const login = `probe-signup-${process.pid}-${registrations}`;
    return {
      login,
      emailAddress: `${login}@example.com`,
      password: 'probe-signup-pass',
      repeatPassword: 'probe-signup-pass',
      displayName: 'Probe Signup',
      firstName: 'Probe',
      lastName: 'Signup',
      phoneNumber: '+12025550142',
      domain: 'demo',
    };
  },
  checkLogin: () => ({ login: 'probe-free-login', domain: 'demo' }),
  editUser: (caller) => ({ id: caller.userId, displayName: 'Probe', firstName: 'Probe', lastName: 'Caller' }),
  setBets: () => ({ sportId: nfl, weekId: currentWeekId, bets: [] }),
  setBonusBets: (caller) => ({
    sportId: nfl,
    weekId: currentWeekId,
    bets: [{ gameId: caller.gameId, teamId: caller.teamId, points: 10 }],
  }),
  deleteBet: (caller) => ({ id: `${caller.userId}-${caller.gameId}` }),
  closeWeekJob: () => ({ sportId: nfl, weekId: pastWeekId }),
  contactAdmin: () => ({ issue: supportIssues[0], message: 'A probe asks the commissioners something.' }),
  addPushSubscription: pushSubscription,
  deletePushSubscription: (caller) => ({ endpoint: pushSubscription(caller).endpoint }),
  jobStatus: (caller) => ({ id: caller.jobId }),
  editTeam: (caller) => ({
    id: caller.teamId,
    sportId: nfl,
    name: 'Probe Team',
    city: 'Probe City',
    mascot: 'Probes',
    abbreviation: 'PRB',
  }),
  setTeamLogo: (caller) => ({
    id: caller.teamId,
    sportId: nfl,
    logo: '<svg xmlns="http://www.w3.org/2000/svg"><circle r="5"/></svg>',
  }),
  useFeedValue: (caller) => ({ id: caller.teamId, sportId: nfl, field: 'mascot' }),
  useAffiliateSign: () => ({ handicapId: 1, useAffiliateSpread: true }),
  setSpread: (caller) => ({ affiliateId: 1, gameId: caller.gameId, spread: '-3,5' }),
  editSport: () => ({
    id: nfl,
    allowMondayPicks: false,
    allowTuesdayPicks: false,
    allowWednesdayPicks: true,
    allowThursdayPicks: true,
    allowFridayPicks: true,
    allowSaturdayPicks: true,
    allowSundayPicks: true,
    firstBonusGameDay: 6,
    secondBonusGameDay: 7,
  }),
};

/** A request of the route that passes its schema: the route's own sample, else one made from the field names. */
export function sampleInput(name: RouteName, caller: SampleCaller): Record<string, unknown> {
  const own = samples[name];
  if (own) return own(caller);
  const input: Record<string, unknown> = {};
  for (const field of fieldsOf(name)) {
    if (field.name === 'sportId') input.sportId = nfl;
    else if (field.name === 'weekId') input.weekId = currentWeekId;
    else if (!field.required) continue;
    else if (field.name === 'login') input.login = caller.login;
    else if (field.name === 'userId' || field.name === 'id') input[field.name] = caller.userId;
    else if (field.kind === 'id' || field.kind === 'number' || field.kind === 'idOrList') input[field.name] = 1;
    else if (field.kind === 'flag') input[field.name] = 'false';
    else if (field.kind === 'list') input[field.name] = [];
    else input[field.name] = 'probe';
  }
  return input;
}

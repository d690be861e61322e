// Tenant administration: clients, their sports and prizes, and the users overview (integration methods: methods.ts).
import * as z from 'zod/mini';
import type { Affiliate, ClientSport } from '../catalogue/types.ts';
import {
  affiliate,
  type ClientRow,
  clientRow,
  clientSport,
  int,
  message,
  page,
  type PrizeRow,
  prizeRow,
  text,
} from './answers.ts';

export type { ClientRow, PrizeRow };
import { answer, defineContract, type Message } from './contract.ts';
import { amount, clientDomain, count, flag, id, name, optionalId, paging, pickDay } from './fields.ts';

export const clientList = defineContract({
  method: 'POST',
  path: '/Services/api/Client/list',
  input: 'form',
  read: true,
  summary: 'The clients that are not deleted, by name, paged (50 a page by default)',
  request: z.object(paging),
  response: answer<{ total: number; data: ClientRow[] }>(page(clientRow)),
});

export const createClient = defineContract({
  method: 'POST',
  path: '/Services/api/Client/create',
  input: 'form',
  invalidates: ['clientList'],
  summary: 'Creates a client with its domain, and its Bettor and Company Admin roles',
  request: z.object({ name: name('Client Name'), domain: clientDomain }),
  response: answer<ClientRow>(clientRow, 201),
  refusals: [409],
});

export const editClient = defineContract({
  method: 'POST',
  path: '/Services/api/Client/edit',
  input: 'form',
  invalidates: ['clientList'],
  summary: 'Renames a client or moves it to a new domain (the old one stays reserved); fields left out stay',
  request: z.object({
    id: id('id'),
    name: z.optional(name('Name')),
    domain: z.optional(clientDomain),
    /** The domain a move was made from (the dialog's row): 409 CLIENT_CHANGED when another move came since. */
    fromDomain: z.optional(clientDomain),
  }),
  response: answer<ClientRow>(clientRow),
  refusals: [404, 409],
});

export const deleteClient = defineContract({
  method: 'DELETE',
  path: '/Services/api/Client/delete',
  input: 'query',
  invalidates: ['clientList'],
  summary: 'Archives a client: it leaves the lists, its users cannot sign in, its data and domain are kept',
  request: z.object({ id: id('id') }),
  response: answer<Message>(message),
  refusals: [404, 409],
});

export interface RoleActivity {
  role: string;
  active: number;
  notActive: number;
  total: number;
}

const roleActivity: z.ZodMiniType<RoleActivity> = z.object({ role: text, active: int, notActive: int, total: int });

export const userActivity = defineContract({
  method: 'GET',
  path: '/Services/api/Client/user-activity',
  input: 'query',
  summary: "The client's users per role: active (picked in the sport this season) and not",
  request: z.object({ clientId: optionalId('clientId'), sportId: id('sportId') }),
  response: answer<{ total: number; users: RoleActivity[] }>(z.object({ total: int, users: z.array(roleActivity) })),
  refusals: [404],
});

const dayFlags = {
  allowMondayPicks: z.optional(flag),
  allowTuesdayPicks: z.optional(flag),
  allowWednesdayPicks: z.optional(flag),
  allowThursdayPicks: z.optional(flag),
  allowFridayPicks: z.optional(flag),
  allowSaturdayPicks: z.optional(flag),
  allowSundayPicks: z.optional(flag),
  firstBonusGameDay: z.optional(pickDay('firstBonusGameDay')),
  secondBonusGameDay: z.optional(pickDay('secondBonusGameDay')),
};

export const addClientSport = defineContract({
  method: 'POST',
  path: '/Services/api/Client/add-sport',
  input: 'form',
  invalidates: ['clientSportList'],
  summary: 'Gives a client a sport with an affiliate and pick days (Wed–Sun regular, Mon and Tue bonus by default)',
  request: z.object({
    clientId: id('clientId'),
    sportId: id('sportId'),
    affiliateId: id('affiliateId'),
    ...dayFlags,
  }),
  response: answer<ClientSport>(clientSport, 201),
  refusals: [404, 409],
});

export const editClientSport = defineContract({
  method: 'POST',
  path: '/Services/api/Client/edit-sport',
  input: 'form',
  invalidates: ['clientSportList'],
  summary: "Changes a client sport's pick days or affiliate (for games not started yet); fields left out stay",
  request: z.object({
    id: id('id'),
    affiliateId: z.optional(id('affiliateId')),
    version: z.optional(count('version')),
    ...dayFlags,
  }),
  response: answer<ClientSport>(clientSport),
  refusals: [404, 409],
});

export const deleteClientSport = defineContract({
  method: 'DELETE',
  path: '/Services/api/Client/delete-sport',
  input: 'query',
  invalidates: ['clientSportList'],
  summary: "Hides a sport from the client's players; its picks and results are kept for when it is added back",
  request: z.object({ id: id('id') }),
  response: answer<Message>(message),
  refusals: [404],
});

export const affiliateList = defineContract({
  method: 'GET',
  path: '/Services/api/Sport/affiliate-list',
  input: 'query',
  summary: 'The affiliates (line sources), of one sport or of all',
  request: z.object({ sportId: optionalId('sportId') }),
  response: answer<Affiliate[]>(z.array(affiliate)),
  refusals: [404],
});

export const prizeList = defineContract({
  method: 'GET',
  path: '/Services/api/Client/prize-list',
  input: 'query',
  summary:
    "The client's prizes (another client's for a client manager): all of them for whoever may edit them, the active ones for a player",
  request: z.object({ clientId: optionalId('clientId') }),
  response: answer<PrizeRow[]>(z.array(prizeRow)),
  refusals: [404],
});

const prizeFields = { name: name('Name'), cost: amount('Cost') };

export const addPrize = defineContract({
  method: 'POST',
  path: '/Services/api/Client/add-prize',
  input: 'form',
  invalidates: ['prizeList'],
  summary: 'Adds a prize to a client',
  request: z.object({ clientId: id('clientId'), ...prizeFields }),
  response: answer<PrizeRow>(prizeRow, 201),
  refusals: [404],
});

export const editPrize = defineContract({
  method: 'POST',
  path: '/Services/api/Client/edit-prize',
  input: 'form',
  invalidates: ['prizeList'],
  summary: "Changes a prize's name, cost or whether it is active",
  request: z.object({
    id: id('id'),
    ...prizeFields,
    active: z.optional(flag),
    /** The prize's version the edit was made from (its row's); 409 PRIZE_CHANGED when another edit came since. */
    version: z.optional(count('version')),
  }),
  response: answer<PrizeRow>(prizeRow),
  refusals: [404, 409],
});

export const deletePrize = defineContract({
  method: 'DELETE',
  path: '/Services/api/Client/delete-prize',
  input: 'query',
  invalidates: ['prizeList'],
  summary: 'Archives a prize: it leaves the list',
  request: z.object({ id: id('id') }),
  response: answer<Message>(message),
  refusals: [404],
});

export const clientsContracts = {
  clientList,
  createClient,
  editClient,
  deleteClient,
  userActivity,
  addClientSport,
  editClientSport,
  deleteClientSport,
  affiliateList,
  prizeList,
  addPrize,
  editPrize,
  deletePrize,
};

// A request each operation accepts, with the demo's values (NFL is sport 33; week 9 of 2026 is week 20263309 of season
// 202633; Demo is client 2). docs/openapi.json shows them; the web app never imports this file, so its bundle carries
// none of it. tests/unit/contract-examples.test.ts holds every example to its contract's schema.
import type * as z from 'zod/mini';
import { type Permission, permissionNames } from '../auth/permissions.ts';
import { UserStatus } from '../auth/user.ts';
import { defaultDayFlags } from '../catalogue/types.ts';
import { ProcessId, processes } from '../processes/processes.ts';
import { loginCheckPurpose } from '../tenancy/client-settings.ts';
import type { contracts } from './api.ts';

type Contracts = typeof contracts;

export type ContractExamples = { [Name in keyof Contracts]?: z.input<Contracts[Name]['request']> };
export type AnswerExamples = { [Name in keyof Contracts]?: z.output<Contracts[Name]['response']['schema']> };

export const contractExamples: ContractExamples = {
  addAnnouncement: {
    title: 'Week 9 picks lock Wednesday night',
    body: 'The first game of week 9 kicks off Wednesday night.\nPlace your five picks before then.',
    sendEmail: true,
  },
  addClientSport: {
    clientId: 3,
    sportId: 35,
    affiliateId: 3,
    ...defaultDayFlags,
  },
  addMethod: {
    clientId: 2,
    methodPurpose: loginCheckPurpose,
    methodType: 'GET',
    passingParameterMethod: 'query',
    url: 'https://members.demo.example.com/api/login-allowed',
    parameterName: 'login',
    headerName: 'x-api-key',
    headerValue: 'demo-members-key',
  },
  addPushSubscription: {
    endpoint:
      'https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O-byuxb_wJsKRaKvV_iKw56s16ekq6FUqoCF7k2nqfJvIL6sAu8ZQ0DZfd',
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  },
  addPrize: { clientId: 2, name: 'Season champion: stadium tickets', cost: 250 },
  adminMessageList: { limit: 20 },
  affiliateList: { sportId: 33 },
  alterProcesses: [
    {
      id: 1,
      processSchedule: [
        { active: true, executionHour: 6, executionMinute: 0, periodicity: 1, monthDay: null },
        { id: 2, active: false, executionHour: 18, executionMinute: 30, periodicity: 2, monthDay: 1, version: 3 },
      ],
    },
  ],
  announcementList: { limit: 20 },
  balance: { sportId: 33, weekId: 20263309, sort: 'week', direction: 'desc', limit: 25 },
  balanceExport: { sportId: 33, weekId: 20263309 },
  betHistory: { userId: 3, sportId: 33, weekId: 20263309 },
  betList: { sportId: 33, weekId: 20263309 },
  checkLogin: { login: 'pat.quinn', domain: 'demo' },
  clientList: { limit: 50, page: 1 },
  clientSportList: { clientId: 2 },
  closeWeekJob: { sportId: 33, weekId: 20263309 },
  contactAdmin: { issue: 'Picks and bets', message: 'My pick on the Sunday night game did not save. Can you check?' },
  createClient: { name: 'Office Pool', domain: 'office-pool' },
  createInvite: { expiresInDays: 14, maxUses: 25 },
  createRole: { name: 'Pool Manager', permissions: [1, 2, 4, 18, 19, 20] },
  createUser: {
    login: 'pat.quinn',
    emailAddress: 'pat.quinn@demo.example.com',
    displayName: 'Pat Q.',
    firstName: 'Pat',
    lastName: 'Quinn',
    phoneNumber: '+1 202 555 0147',
    active: true,
  },
  deleteAnnouncement: { id: 5 },
  deleteBet: { id: '3-3300907' },
  deleteClient: { id: 3 },
  deleteClientSport: { id: 2 },
  deleteInvite: { id: 1 },
  deleteMethod: { id: 1 },
  deletePrize: { id: 1 },
  deletePushSubscription: {
    endpoint:
      'https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O-byuxb_wJsKRaKvV_iKw56s16ekq6FUqoCF7k2nqfJvIL6sAu8ZQ0DZfd',
  },
  deleteRole: { id: 7 },
  deleteSchedule: { id: 2 },
  deleteUser: { id: 3 },
  editClient: { id: 2, name: 'Demo League' },
  editClientSport: { id: 1, affiliateId: 2 },
  editMethod: {
    id: 1,
    clientId: 2,
    methodPurpose: loginCheckPurpose,
    methodType: 'POST',
    passingParameterMethod: 'JSON body',
    url: 'https://members.demo.example.com/api/login-allowed',
    parameterName: 'login',
    requestBody: '{"source": "pickem"}',
    headerName: 'x-api-key',
  },
  editPrize: { id: 1, name: 'Season champion: stadium tickets', cost: 300, active: true },
  editRole: { id: 7, name: 'Pool Manager', permissions: [1, 2, 4, 18, 19, 20, 24] },
  editSport: {
    id: 33,
    ...defaultDayFlags,
    active: true,
  },
  editTeam: { id: 1002, sportId: 33, name: 'Atlanta Falcons', city: 'Atlanta', mascot: 'Falcons', abbreviation: 'ATL' },
  editUser: {
    id: 3,
    displayName: 'Alex C.',
    firstName: 'Alex',
    lastName: 'Carter',
    phoneNumber: '+1 202 555 0147',
    pickReminders: true,
    pickReminderTiming: 'week',
    announcementMails: true,
    push: ['nudge', 'weekGraded'],
  },
  gameList: { sportId: 33, weekId: 20263309, limit: 50, page: 1 },
  importGames: { sportId: 33, date: '2026-11-04' },
  importJobList: { limit: 20 },
  importScores: { sportId: 33 },
  importSeason: { sportId: 33, seasonYear: 2026 },
  importSpreads: { sportId: 33 },
  importTeams: { sportId: 33 },
  importUsers: {
    file: btoa(
      'login,email,first name,last name,display name,phone,role\n' +
        'pat.quinn,pat.quinn@demo.example.com,Pat,Quinn,Pat Q.,+12025550147,Bettor\n' +
        'lee.park,lee.park@demo.example.com,Lee,Park,Lee P.,+12025550148,Bettor\n',
    ),
  },
  inviteList: { clientId: 2 },
  jobStatus: { id: 41 },
  lineHistory: { gameId: 3300907 },
  liveVersion: { weekId: 20263309 },
  methodList: { clientId: 2 },
  missingPicks: { sportId: 33, weekId: 20263309, limit: 50 },
  nudge: { sportId: 33, weekId: 20263309 },
  prizeList: { clientId: 2 },
  readAnnouncements: { throughId: 5 },
  register: {
    login: 'pat.quinn',
    emailAddress: 'pat.quinn@demo.example.com',
    password: 'Falcons-on-Sunday-26',
    repeatPassword: 'Falcons-on-Sunday-26',
    displayName: 'Pat Q.',
    firstName: 'Pat',
    lastName: 'Quinn',
    phoneNumber: '+1 202 555 0147',
    domain: 'demo',
  },
  reminderSettings: { clientId: 2 },
  resetPassword: { token: 'q7Vd2kLx9TnB4wRz8mYc3pHs6fJa1gEu', newPassword: 'Falcons-on-Sunday-26' },
  roleList: { limit: 50, page: 1 },
  seasonList: { sportId: [33, 35], history: true },
  seasonPoints: { sportId: 33, seasonId: 202633 },
  sendPasswordLink: { login: 'alex', domain: 'demo' },
  sendUserPasswordLink: { userId: 3 },
  setBets: {
    sportId: 33,
    weekId: 20263309,
    bets: [
      { gameId: 3300907, teamId: 1002, points: 20, pointSpread: -13.5 },
      { gameId: 3300901, teamId: 1031, points: 10, pointSpread: -5.5 },
    ],
  },
  setBonusBets: { sportId: 33, weekId: 20263309, bets: [{ gameId: 3300914, teamId: 1022, points: 15 }] },
  setBonusGamesStart: { seasonId: 202633, begin: '2027-01-10T18:00:00.000Z' },
  setInviteOnly: { inviteOnly: true },
  setPassword: { oldPassword: 'pickem-demo', newPassword: 'Falcons-on-Sunday-26', domain: 'demo' },
  setReminderHours: { hoursBefore: 3 },
  setSpread: { affiliateId: 1, gameId: 3300907, spread: '-14.5' },
  setTeamLogo: {
    id: 1002,
    sportId: 33,
    logo:
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
      '<circle cx="32" cy="32" r="29" fill="#A71930" stroke="#000000" stroke-width="4"/>' +
      '<text x="32" y="39" text-anchor="middle" font-family="Arial" font-weight="700" font-size="19" fill="#FFFFFF">ATL</text>' +
      '</svg>',
  },
  signIn: { login: 'alex', password: 'pickem-demo', domain: 'demo', remember: true },
  signUpRules: { domain: 'demo' },
  sportList: { limit: 50, page: 1 },
  spreadList: { affiliateId: 1, sportId: 33, weekId: 20263309 },
  stats: { sportId: 33, seasonId: 202633, weekId: 20263309 },
  teamList: { sportId: 33, limit: 100, page: 1 },
  teamMap: { sportId: 33 },
  useAffiliateSign: [{ handicapId: 1, useAffiliateSpread: true }],
  useFeedValue: { id: 1002, sportId: 33, field: 'logo' },
  userActivity: { sportId: 33 },
  userList: { orderBy: 'lastName', active: 1, search: 'carter', limit: 50, page: 1 },
  weekList: { sportId: 33, date: '2026-11-08' },
};

/**
 * What an operation answers, for the ones that take no input (their example is the answer) and the sign-in an
 * integrator starts with; the schema beside it says the rest.
 */
export const answerExamples: AnswerExamples = {
  currentUser: {
    active: UserStatus.Active,
    client: 'Demo',
    clientId: 2,
    id: 7,
    login: 'alex',
    permissions: '4, 8, 10, 12, 18, 19, 20',
    role: 'Bettor',
    roleId: 3,
    displayName: 'Alex Carter',
    emailAddress: 'alex@demo.example.com',
    firstName: 'Alex',
    lastName: 'Carter',
    middleName: '',
    phoneNumber: '+15550100100',
    pickReminders: true,
    pickReminderTiming: 'week',
    announcementMails: true,
    push: ['nudge', 'weekGraded'],
  },
  health: { status: 'ok', version: '0.1.0', checks: { tables: 'ok' } },
  pushKey: { publicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM' },
  permissionList: Object.entries(permissionNames).map(([id, name]) => ({ id: Number(id) as Permission, name })),
  processList: [
    {
      ...processes.find((process) => process.id === ProcessId.ImportScores)!,
      processSchedule: [
        { id: 2, active: true, executionHour: 6, executionMinute: 0, periodicity: 1, monthDay: null, version: 0 },
      ],
      recentRuns: [
        {
          jobId: 418,
          status: 'succeeded',
          queuedAt: '2026-11-09T11:00:00.000Z',
          startedAt: '2026-11-09T11:00:01.204Z',
          finishedAt: '2026-11-09T11:00:04.871Z',
          counts: { results: 14, changed: 3, weeksClosed: 0, penalties: 0, refused: 0 },
        },
      ],
    },
  ],
  signIn: { access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.signature', token_type: 'Bearer', expires_in: 3600 },
};

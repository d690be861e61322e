// Lambda: tenant administration: clients, their sports, prizes and integration methods, roles, invites,
// announcements, messages to the commissioners and Pick Reminders. The catalogue's teams and sports, shared by
// every client, are changed in the imports area, beside the feeds that write them.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi, type AreaRoutes } from './area-api.ts';
import { clientsContracts } from '#domain/contracts/clients.ts';
import { methodsContracts } from '#domain/contracts/methods.ts';
import { invitesContracts } from '#domain/contracts/invites.ts';
import { announcementsContracts } from '#domain/contracts/announcements.ts';
import { supportContracts } from '#domain/contracts/support.ts';
import { remindersContracts } from '#domain/contracts/reminders.ts';
import { betsContracts } from '#domain/contracts/bets.ts';
import { rolesContracts } from '#domain/contracts/roles.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { clientList, createClient, deleteClient, editClient, userActivity } from './admin/clients.ts';
import { addClientSport, affiliateList, deleteClientSport, editClientSport } from './admin/client-sports.ts';
import { addPrize, deletePrize, editPrize, prizeList } from './admin/prizes.ts';
import { addAnnouncement, announcementList, deleteAnnouncement, readAnnouncements } from './admin/announcements.ts';
import { adminMessageList, contactAdmin } from './admin/contact-admin.ts';
import { createInvite, deleteInvite, inviteList, setInviteOnly } from './admin/invites.ts';
import { nudge } from './admin/nudge.ts';
import { reminderSettings, setReminderHours } from './admin/reminders.ts';
import { addMethod, deleteMethod, editMethod, methodList } from './admin/methods.ts';
import { createRole, deleteRole, editRole, permissionList, roleList } from './admin/roles.ts';

export const adminRoutes = {
  // A company administrator acts on their own client; naming another needs client management (auth-guard.ts).
  clientList: { access: [Permission.ViewClients], handler: clientList },
  createClient: { access: [Permission.EditClients], handler: createClient },
  editClient: { access: [Permission.EditClients], handler: editClient },
  deleteClient: { access: [Permission.DeleteClients], handler: deleteClient },
  userActivity: { access: [Permission.ViewUsers], handler: userActivity },
  addClientSport: { access: [Permission.EditClients], handler: addClientSport },
  editClientSport: { access: [Permission.EditClients], handler: editClientSport },
  deleteClientSport: { access: [Permission.EditClients], handler: deleteClientSport },
  // The spreads page's affiliate select (load spreads alone shows it) and a client's sports (a client manager's).
  affiliateList: {
    access: { anyOf: [Permission.ViewSports, Permission.LoadSpreads, Permission.EditClients] },
    handler: affiliateList,
  },
  prizeList: { access: [], handler: prizeList },
  addPrize: { access: [Permission.EditClients], handler: addPrize },
  editPrize: { access: [Permission.EditClients], handler: editPrize },
  deletePrize: { access: [Permission.EditClients], handler: deletePrize },
  // Invites are about who may join the client's users: viewing and changing its users.
  createInvite: { access: [Permission.EditUsers], handler: createInvite },
  inviteList: { access: [Permission.ViewUsers], handler: inviteList },
  deleteInvite: { access: [Permission.EditUsers], handler: deleteInvite },
  setInviteOnly: { access: [Permission.EditUsers], handler: setInviteOnly },
  // Announcements are posted to the client's users by whoever may change them, and read by all of them.
  addAnnouncement: { access: [Permission.EditUsers], handler: addAnnouncement },
  announcementList: { access: [], handler: announcementList },
  readAnnouncements: { access: [], handler: readAnnouncements },
  deleteAnnouncement: { access: [Permission.EditUsers], handler: deleteAnnouncement },
  // Any member writes to the client's administrators: those who manage its users, who alone read the messages.
  contactAdmin: { access: [], handler: contactAdmin },
  adminMessageList: { access: [Permission.EditUsers], handler: adminMessageList },
  // Pick Reminders' hours are the commissioner's, as the nudge is (a job mails it, as an announcement's mails).
  reminderSettings: { access: [Permission.ViewUsers], handler: reminderSettings },
  setReminderHours: { access: [Permission.EditUsers], handler: setReminderHours },
  nudge: { access: [Permission.EditUsers], handler: nudge },
  methodList: { access: [Permission.ViewClients], handler: methodList },
  addMethod: { access: [Permission.EditClients], handler: addMethod },
  editMethod: { access: [Permission.EditClients], handler: editMethod },
  deleteMethod: { access: [Permission.EditClients], handler: deleteMethod },
  roleList: { access: [Permission.ViewRoles], handler: roleList },
  permissionList: { access: [Permission.ViewRoles], handler: permissionList },
  createRole: { access: [Permission.EditRoles], handler: createRole },
  editRole: { access: [Permission.EditRoles], handler: editRole },
  deleteRole: { access: [Permission.DeleteRoles], handler: deleteRole },
} as const satisfies AreaRoutes;

export const createAdminApi = (getDeps: () => Deps) =>
  areaApi(
    adminRoutes,
    {
      ...clientsContracts,
      ...methodsContracts,
      ...invitesContracts,
      ...announcementsContracts,
      ...supportContracts,
      ...remindersContracts,
      ...rolesContracts,
      nudge: betsContracts.nudge,
    },
    getDeps,
  );

export const handler = createAdminApi(lazyDeps());

// The client the Clients page's dialogs are tried on (Edit Prizes, Edit Sports), as its list row answers it.
import type { ClientRow } from '@/features/clients/api/get-clients';

export const harbor: ClientRow = {
  id: 3,
  name: 'Harbor League',
  domain: 'harbor',
  dateCreated: '2026-09-01T12:00:00.000Z',
  inviteOnly: false,
  reminderHours: 3,
};

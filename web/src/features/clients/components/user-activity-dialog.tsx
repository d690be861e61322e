import { useState } from 'react';
import { useClientSports } from '@/lib/api/get-client-sports';
import { Alert } from '@/ui/alert';
import { Modal } from '@/ui/modal';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { Table, type TableColumn } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import type { ClientRow } from '../api/get-clients';
import { type RoleActivity, useUserActivity } from '../api/get-user-activity';

const columns: TableColumn<RoleActivity>[] = [
  { key: 'role', header: 'Role', render: (row) => row.role },
  { key: 'active', header: 'Active', render: (row) => row.active, align: 'end' },
  { key: 'notActive', header: 'Not Active', render: (row) => row.notActive, align: 'end' },
  { key: 'total', header: 'Total', render: (row) => row.total, align: 'end' },
];

/** Show Users: the client's users per role for one of its sports, active (picked this season) or not. */
export function UserActivityDialog({ client, onClose }: { client: ClientRow; onClose: () => void }) {
  const sports = useClientSports(client.id);
  const [chosenSportId, setChosenSportId] = useState<number>();
  const sportId = chosenSportId ?? sports.data?.[0]?.sportId;
  const activity = useUserActivity(client.id, sportId);
  useErrorToast(sports.error ?? activity.error);

  return (
    <Modal open onClose={onClose} title={`Users of ${client.name}`}>
      {sports.data?.length === 0 ? (
        <Alert status="info">The client plays no sport yet: add one with Edit Sports.</Alert>
      ) : (
        <Select
          label="Sport"
          options={(sports.data ?? []).map((sport) => ({ value: sport.sportId, label: sport.sportName }))}
          value={sportId}
          onChange={setChosenSportId}
          placeholder={sports.isLoading ? 'Loading…' : 'Select the sport'}
          searchable={false}
        />
      )}
      {activity.isLoading && <Spinner />}
      {activity.data && (
        <>
          <p className="client-activity__total">
            Total users: <strong>{activity.data.total}</strong>
          </p>
          <Table
            caption="Users per role"
            columns={columns}
            rows={activity.data.users}
            rowKey={(row) => row.role}
            emptyText="No users yet"
          />
          <p className="muted">
            Active: an active account with at least one pick in this sport this season. A new or imported user is not
            active until their first pick; a deleted user is not counted.
          </p>
        </>
      )}
    </Modal>
  );
}

import { Link } from 'react-router-dom';
import { Card } from '@/ui/card';
import { Spinner } from '@/ui/spinner';
import { StatusDot } from '@/ui/status-dot';
import { Table, type TableColumn } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { type UserListRow, useUserList } from '@/lib/api/get-user-list';
import './users-preview.css';

const columns: TableColumn<UserListRow>[] = [
  { key: 'id', header: 'ID', render: (user) => user.id },
  {
    key: 'name',
    header: 'Name',
    render: (user) => (
      <span className="user-name">
        <span>{`${user.firstName} ${user.lastName}`.trim() || user.displayName}</span>
        <span className="muted">{user.role}</span>
      </span>
    ),
  },
  { key: 'login', header: 'Login', render: (user) => user.login },
  { key: 'email', header: 'E-mail', render: (user) => user.emailAddress },
  { key: 'active', header: 'Active', render: (user) => <StatusDot status={user.active} /> },
];

export interface UsersPreviewProps {
  /** Links to the Users page, when it exists. */
  showAllLink: boolean;
}

/** The dashboard's Users table preview: the client's first six users. */
export function UsersPreview({ showAllLink }: UsersPreviewProps) {
  // The home page previews 6 users (docs/rules.md, Dashboard).
  const { data, error } = useUserList(6);
  useErrorToast(error);
  return (
    <Card
      title="Users"
      actions={showAllLink ? <Link to="/users">All users</Link> : undefined}
      className="users-preview"
    >
      {data ? (
        <>
          <Table
            caption="Users"
            columns={columns}
            rows={data.data}
            rowKey={(user) => user.id}
            emptyText="No users yet."
          />
          <p className="muted users-preview__count">
            Showing {data.data.length} of {data.total} users
          </p>
        </>
      ) : error ? (
        <p className="muted">The users could not be loaded.</p>
      ) : (
        <div className="loading-block">
          <Spinner label="Loading the users…" />
        </div>
      )}
    </Card>
  );
}

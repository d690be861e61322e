// @vitest-environment happy-dom
// The admin list pages' one shape (ResourcePage with useResourceList): what the table shows in each state,
// the delete confirmation, and the paging after the last page's last row is deleted.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useResourceList } from '@/lib/use-resource-list';
import { Button } from '@/ui/button';
import { ResourcePage, type ResourceRows } from '@/ui/resource-page';
import { ToastProvider } from '@/ui/toast';

interface Widget {
  id: number;
  name: string;
}

const widgets = (count: number): Widget[] =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Widget ${index + 1}` }));

/**
 * A page of widgets the "server" (this component's state) pages and deletes from, as the clients page does; the
 * `gone` ones another administrator deleted since the page read them.
 */
function WidgetsPage({
  stored,
  state,
  gone = [],
}: {
  stored: Widget[];
  state?: Omit<ResourceRows<Widget>, 'data'>;
  gone?: number[];
}) {
  const [all, setAll] = useState(stored);
  const list = useResourceList<Widget>();
  const rows = state ?? {
    data: all.slice((list.page - 1) * list.pageSize, list.page * list.pageSize),
    isLoading: false,
  };
  return (
    <ResourcePage
      title="Widgets"
      subtitle="Things to test with"
      caption="Widgets"
      noun="widgets"
      className="widgets"
      columns={[{ key: 'name', header: 'Name', render: (widget) => widget.name }]}
      rowKey={(widget) => widget.id}
      rows={rows}
      total={state ? undefined : all.length}
      emptyText="No widgets yet"
      list={list}
      rowActions={(widget) => (
        <Button variant="ghost" onClick={() => list.open({ kind: 'delete', row: widget })}>
          Delete<span className="visually-hidden"> {widget.name}</span>
        </Button>
      )}
      remove={{
        title: 'Delete widget',
        notice: 'Widget has been deleted',
        // The server forgets it; the list is read again before the change answers, as a change's re-reads are
        // (use-contract-mutation.ts): the row and its button have left the page when the dialog closes.
        run: async (widget) => {
          setAll((current) => current.filter((each) => each.id !== widget.id));
          await new Promise((rendered) => setTimeout(rendered));
          if (gone.includes(widget.id)) throw new ApiError(`There is no prize ${widget.id}`, 404, 'UNKNOWN_PRIZE');
        },
        describe: (widget) => `Delete ${widget.name}? It leaves the list.`,
      }}
    />
  );
}

const show = (page: React.ReactNode) => render(<ToastProvider>{page}</ToastProvider>);
const range = () => screen.getByRole('navigation', { name: 'Widgets pages' }).querySelector('.ui-pagination__range');

afterEach(cleanup);

describe('an admin resource page', () => {
  it('shows its columns, then an actions column with each row’s actions', () => {
    show(<WidgetsPage stored={widgets(2)} />);
    const table = screen.getByRole('table', { name: 'Widgets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Actions']);
    expect(within(table).getByRole('button', { name: 'Delete Widget 2' })).toBeTruthy();
  });

  it('says the list is empty, is loading, or could not be loaded, each in its own words', () => {
    show(<WidgetsPage stored={[]} />);
    expect(screen.getByText('No widgets yet')).toBeTruthy();
    cleanup();
    show(<WidgetsPage stored={[]} state={{ isLoading: true }} />);
    expect(screen.getByRole('status', { name: 'Loading the widgets…' })).toBeTruthy();
    cleanup();
    show(<WidgetsPage stored={[]} state={{ isLoading: false, error: new Error('down') }} />);
    expect(screen.getByText('The widgets could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('deletes a row only once the confirmation is accepted, and says so', async () => {
    const user = userEvent.setup();
    show(<WidgetsPage stored={widgets(2)} />);
    await user.click(screen.getByRole('button', { name: 'Delete Widget 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete widget' });
    expect(within(dialog).getByText('Delete Widget 1? It leaves the list.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('cell', { name: 'Widget 1' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete Widget 1' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete widget' })).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByText('Widget has been deleted');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Widget 1' })).toBeNull());
    expect(screen.getByRole('cell', { name: 'Widget 2' })).toBeTruthy();
  });

  it('goes back to the last page left when the last page’s only row is deleted', async () => {
    const user = userEvent.setup();
    show(<WidgetsPage stored={widgets(101)} />);
    expect(range()?.textContent).toBe('1–50 of 101');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(range()?.textContent).toBe('101–101 of 101');

    await user.click(screen.getByRole('button', { name: 'Delete Widget 101' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete widget' })).getByRole('button', { name: 'Delete' }),
    );
    await expect.poll(() => range()?.textContent).toBe('51–100 of 100');
    expect(screen.getByRole('cell', { name: 'Widget 100' })).toBeTruthy();
    expect(screen.queryByText('No widgets yet')).toBeNull();
  });

  it('after a delete, focus goes to the next row’s same action (the row before’s for the last row), else to the list', async () => {
    const user = userEvent.setup();
    show(<WidgetsPage stored={widgets(3)} />);
    const remove = async (name: string) => {
      await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Delete widget' })).getByRole('button', { name: 'Delete' }),
      );
      await waitFor(() => expect(screen.queryByRole('cell', { name })).toBeNull());
    };
    await remove('Widget 2');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Widget 3' }));
    await remove('Widget 3');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Widget 1' }));
    await remove('Widget 1');
    expect(document.activeElement).toBe(document.querySelector('section.widgets'));
  });

  it('a row another administrator deleted meanwhile: the confirmation closes saying so, and focus goes on', async () => {
    const user = userEvent.setup();
    show(<WidgetsPage stored={widgets(3)} gone={[2]} />);
    await user.click(screen.getByRole('button', { name: 'Delete Widget 2' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete widget' })).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByText('There is no prize 2');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Widget has been deleted')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Widget 2' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Widget 3' }));
  });
});

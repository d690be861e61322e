// @vitest-environment happy-dom
// After a delete from a row, focus goes to the same action of the nearest row that offers it (docs/rules.md,
// Tables and selects): rows offer different actions (a System Role has no Edit, one's own user no Delete).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { nearbyAction } from '@/ui/focusable';
import { ToastProvider } from '@/ui/toast';
import { cleanUpAfterEach } from './support/fake-server.tsx';

cleanUpAfterEach();

/** A table whose rows offer these actions each. */
function rowsOffering(...rows: string[][]) {
  render(
    <table>
      <tbody>
        {rows.map((actions, index) => (
          <tr key={index}>
            <td>
              {actions.map((action) => (
                <button key={action} type="button">{`${action} row ${index + 1}`}</button>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>,
  );
  return (name: string) => screen.getByRole('button', { name });
}

describe('focus after a delete', () => {
  it('goes to the same action of the nearest row after that has it, else before', () => {
    const button = rowsOffering(['Edit', 'Delete'], ['Delete'], ['Edit'], ['Edit', 'Delete']);
    expect(nearbyAction(button('Delete row 1'))).toBe(button('Delete row 2'));
    expect(nearbyAction(button('Delete row 2'))).toBe(button('Delete row 4'));
    expect(nearbyAction(button('Delete row 4'))).toBe(button('Delete row 2'));
    expect(nearbyAction(button('Edit row 3'))).toBe(button('Edit row 4'));
  });

  /**
   * A page with a Delete button, a button elsewhere and the Delete's confirmation, which gives focus Elsewhere once it
   * acted; `openerLeaves`: the button leaves while the dialog is open (its row read again).
   */
  function Page({ openerLeaves = false }: { openerLeaves?: boolean }) {
    const [asking, setAsking] = useState(false);
    return (
      <>
        {!(openerLeaves && asking) && (
          <button type="button" onClick={() => setAsking(true)}>
            Delete it
          </button>
        )}
        <button type="button">Elsewhere</button>
        <ConfirmDialog
          open={asking}
          title="Delete it?"
          confirmLabel="Delete"
          onConfirm={async () => undefined}
          doneNotice="Deleted."
          onClose={() => setAsking(false)}
          returnFocusTo={() => screen.getByRole('button', { name: 'Elsewhere' })}
        >
          It goes.
        </ConfirmDialog>
      </>
    );
  }
  const show = (page: React.ReactNode) => render(<ToastProvider>{page}</ToastProvider>);

  it('a confirmation closed without acting gives focus back to its opener, after an earlier one acted', async () => {
    const user = userEvent.setup();
    show(<Page />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete it' }));
  });

  it('a confirmation closed without acting after its opener left the page gives focus to where it stays', async () => {
    const user = userEvent.setup();
    show(<Page openerLeaves />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });
});

// @vitest-environment happy-dom
// The method form's resolver is the add-method contract plus the domain's methodProblems: a broken rule shows the
// server's own message on its field before anything is sent.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/ui/toast';
import type { MethodRow } from '@/features/methods/api/get-method-list';
import { MethodDialog } from '@/features/methods/components/method-dialog';
import { cleanUpAfterEach } from './support/fake-server.tsx';

const open = (method?: MethodRow, onClose = () => undefined) =>
  render(
    <ToastProvider>
      <MethodDialog clientId={3} method={method} onClose={onClose} />
    </ToastProvider>,
  );

const stored: MethodRow = {
  id: 9,
  clientId: 3,
  methodPurpose: 'checking if a login is allowed to be used',
  methodType: 'GET',
  passingParameterMethod: 'query',
  url: 'https://approve.example.com/logins',
  parameterName: 'login',
  requestBody: '',
  headerName: '',
  headerValue: '',
  version: 2,
};

cleanUpAfterEach();

describe('the method form', () => {
  it('says the contract’s rule that the url is required', async () => {
    const user = userEvent.setup();
    open();
    const dialog = screen.getByRole('dialog', { name: 'Add method' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Url is required')).toBeTruthy();
  });

  it('says the domain’s rule that a GET cannot send the login in a JSON body', async () => {
    const user = userEvent.setup();
    open({ ...stored, passingParameterMethod: 'JSON body' });
    const dialog = screen.getByRole('dialog', { name: 'Edit method' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A GET method cannot send the login as JSON body')).toBeTruthy();
  });

  it('an edit names the version it was opened on; refused for an edit made since, it says so and closes', async () => {
    const changed = 'Someone else changed this method meanwhile: reload the methods and edit it again';
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      const body = String(url).includes('/Client/edit-method') ? { error: changed, code: 'METHOD_CHANGED' } : [];
      return new Response(JSON.stringify(body), {
        status: Array.isArray(body) ? 200 : 409,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    const user = userEvent.setup();
    open(stored, onClose);
    const dialog = screen.getByRole('dialog', { name: 'Edit method' });
    await user.clear(within(dialog).getByRole('textbox', { name: /^Parameter name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Parameter name/ }), 'user');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const edits = fetch.mock.calls.filter(([url]) => String(url).includes('/Client/edit-method'));
    expect(edits.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      expect.objectContaining({ id: 9, version: 2, parameterName: 'user' }),
    ]);
    expect(await screen.findByText(changed)).toBeTruthy();
  });
});

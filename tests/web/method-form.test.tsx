// @vitest-environment happy-dom
// The method form's resolver is the add-method contract plus the domain's methodProblems: a broken rule shows the
// server's own message on its field before anything is sent.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '@/ui/toast';
import type { IntegrationMethod } from '@/features/methods/api/get-method-list';
import { MethodDialog } from '@/features/methods/components/method-dialog';

const open = (method?: IntegrationMethod) =>
  render(
    <ToastProvider>
      <MethodDialog clientId={3} method={method} onClose={() => undefined} />
    </ToastProvider>,
  );

afterEach(cleanup);

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
    open({
      id: 9,
      clientId: 3,
      methodPurpose: 'checking if a login is allowed to be used',
      methodType: 'GET',
      passingParameterMethod: 'JSON body',
      url: 'https://approve.example.com/logins',
      parameterName: 'login',
      requestBody: '',
      headerName: '',
      headerValue: '',
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit method' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A GET method cannot send the login as JSON body')).toBeTruthy();
  });
});

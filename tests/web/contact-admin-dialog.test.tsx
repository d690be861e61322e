// @vitest-environment happy-dom
// Contact Admin sends the message to the pool's administrators (docs/rules.md, Contact Admin). A message that could
// not be sent stays in the form with the server's reason; one that went closes the dialog with 'Your message was sent.'.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ContactAdminDialog } from '@/features/support/components/contact-admin-dialog';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

function open() {
  const onClose = vi.fn();
  render(inFreshApp(<ContactAdminDialog open onClose={onClose} />));
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Contact Admin' }) };
}

async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, text: string) {
  await user.click(within(dialog).getByRole('button', { name: /^Issue / }));
  await user.click(within(dialog).getByRole('option', { name: 'Picks and bets' }));
  await user.type(within(dialog).getByLabelText(/^Message/), text);
}

cleanUpAfterEach();

describe('the Contact Admin dialog', () => {
  it('sends the issue and the message, then closes and says it was sent', async () => {
    const fetch = vi.fn(async () => jsonAnswer(201, { id: 4, message: 'Your message was sent.' }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const { dialog, onClose } = open();
    await fill(user, dialog, 'My pick did not save');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Your message was sent.')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/Services/api/Client/contact-admin');
    expect(JSON.parse(String(init.body))).toEqual({ issue: 'Picks and bets', message: 'My pick did not save' });
  });

  it('keeps what was typed when the server refuses, says why, and sends it when asked again', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        jsonAnswer(429, {
          error: 'You have sent 5 messages to your administrators in the last hour; try again in 12 minutes',
          code: 'TOO_MANY_MESSAGES',
        }),
      )
      .mockResolvedValueOnce(jsonAnswer(201, { id: 5, message: 'Your message was sent.' }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const { dialog, onClose } = open();
    await fill(user, dialog, 'Please fix my week');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(
      'Your message was not sent: You have sent 5 messages to your administrators in the last hour; try again in 12 minutes',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog).getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('Please fix my week');
    expect(within(dialog).getByRole('button', { name: /^Issue / }).textContent).toContain('Picks and bets');

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('says so when the server cannot be reached, and keeps the text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup();
    const { dialog, onClose } = open();
    await fill(user, dialog, 'Offline question');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(
      'Your message was not sent: the server could not be reached. Check your connection',
    );
    expect((within(dialog).getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('Offline question');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('opens again with what was typed after a dismiss (its Close, Escape, a tap beside it), and empty after Cancel', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    const first = open();
    await fill(user, first.dialog, 'Half a message');
    await user.click(within(first.dialog).getByRole('button', { name: 'Close' }));
    expect(first.onClose).toHaveBeenCalledTimes(1);
    cleanup();
    const again = open();
    expect((within(again.dialog).getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('Half a message');
    await user.click(within(again.dialog).getByRole('button', { name: 'Cancel' }));
    cleanup();
    const fresh = open();
    expect((within(fresh.dialog).getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('');
  });
});

// @vitest-environment happy-dom
// The Profile Settings form sends the names the player changed only (docs/rules.md, Users): a name sent as the page
// read it would undo a rename an administrator made since.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserPayload } from '#domain/auth/user.ts';
import { answerExamples } from '#domain/contracts/examples.ts';
import { ProfileSettingsForm } from '@/features/profile/components/profile-settings-form';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

const player = answerExamples.currentUser as UserPayload;

cleanUpAfterEach();

describe('the Profile Settings form', () => {
  it('sends the names changed only, with the middle name and phone', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      jsonAnswer(200, { ...player, ...JSON.parse(String(init?.body)) }),
    );
    vi.stubGlobal('fetch', fetch);
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(inFreshApp(<ProfileSettingsForm user={player} onSaved={onSaved} />));
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText(/^First name/));
    await user.type(screen.getByLabelText(/^First name/), 'Alexander');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { id: player.id, firstName: 'Alexander', middleName: player.middleName, phoneNumber: player.phoneNumber },
    ]);
  });

  it('sends no name it did not change, though the user it shows was refreshed with a rename meanwhile', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      jsonAnswer(200, { ...player, ...JSON.parse(String(init?.body)) }),
    );
    vi.stubGlobal('fetch', fetch);
    const onSaved = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(inFreshApp(<ProfileSettingsForm user={player} onSaved={onSaved} />));
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    // The page's user read again (a focus refresh) after an administrator renamed the player.
    rerender(
      inFreshApp(<ProfileSettingsForm user={{ ...player, displayName: 'Renamed By Admin' }} onSaved={onSaved} />),
    );
    await user.clear(screen.getByLabelText(/^Last name/));
    await user.type(screen.getByLabelText(/^Last name/), 'Carterson');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [body] = fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(body).toMatchObject({ lastName: 'Carterson' });
    expect(body).not.toHaveProperty('displayName');
  });

  it('shows a rename an administrator made since, read while the form is not being edited', async () => {
    const { rerender } = render(inFreshApp(<ProfileSettingsForm user={player} onSaved={() => {}} />));
    expect(screen.getByLabelText<HTMLInputElement>(/^Display name/).value).toBe(player.displayName);
    rerender(
      inFreshApp(<ProfileSettingsForm user={{ ...player, displayName: 'Renamed By Admin' }} onSaved={() => {}} />),
    );
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>(/^Display name/).value).toBe('Renamed By Admin'),
    );
  });
});

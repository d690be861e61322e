// @vitest-environment happy-dom
// The Methods page offers Add method only to a client without one: a client has one method at most (docs/rules.md,
// Methods), and a second is refused (409 METHOD_PURPOSE_TAKEN) after its form was filled in.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import type { MethodRow } from '#domain/contracts/methods.ts';
import { loginCheckPurpose } from '#domain/tenancy/client-settings.ts';
import { MethodsPage } from '@/features/methods/components/methods-page';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';
import { coach } from './support/users-fixtures.ts';

const method: MethodRow = {
  id: 4,
  clientId: 2,
  methodPurpose: loginCheckPurpose,
  methodType: 'GET',
  passingParameterMethod: 'query',
  url: 'https://directory.example.com/check',
  parameterName: 'login',
  requestBody: '',
  headerName: '',
  headerValue: '',
  version: 1,
};

function methodsServer(methods: MethodRow[]) {
  const manager = { ...coach, clientId: 2, permissions: [Permission.EditClients].join(', ') };
  vi.stubGlobal('fetch', async (url: string) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname.endsWith('/Services/user')) return jsonAnswer(200, manager);
    if (pathname.endsWith('/Client/method-list')) return jsonAnswer(200, methods);
    return jsonAnswer(404, { error: `unexpected ${url}`, code: 'NOT_FOUND' });
  });
}

cleanUpAfterEach();

describe('the Methods page', () => {
  it('offers Add method to a client without one', async () => {
    methodsServer([]);
    render(inFreshApp(<MethodsPage />));
    expect(await screen.findByRole('button', { name: 'Add method' })).toBeTruthy();
  });

  it('offers no second method to a client that has one: its row is edited', async () => {
    methodsServer([method]);
    render(inFreshApp(<MethodsPage />));
    await screen.findByRole('cell', { name: method.url });
    expect(screen.queryByRole('button', { name: 'Add method' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Edit / })).toBeTruthy();
  });
});

// The web build gives the app a table of each contract's call fields instead of the contracts with their schemas
// (web/vite.config.ts, contract-calls): whatever the app reads of a contract must be in that table.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { callOf } from '../../web/vite.config.ts';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

const fieldsRead = (pattern: RegExp) =>
  new Set(sources('web/src').flatMap((file) => [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => m[1]!)));

describe('the web app’s contract table', () => {
  const kept = Object.keys(callOf(contracts.signIn));

  it('keeps a contract’s method, path, input kind and whether it revalidates', () => {
    expect(callOf(contracts.balance)).toEqual({
      method: contracts.balance.method,
      path: contracts.balance.path,
      input: contracts.balance.input,
      revalidates: true,
    });
  });

  it('keeps whether a POST is a read, and whether a change’s input holds a secret: neither takes a request key', () => {
    expect(callOf(contracts.betList)).toMatchObject({ method: 'POST', read: true });
    expect(callOf(contracts.setPassword)).toMatchObject({ method: 'POST', secret: 'input' });
  });

  it('keeps the reads a change makes out of date, by name only', () => {
    expect(callOf(contracts.createInvite)).toEqual({
      method: 'POST',
      path: contracts.createInvite.path,
      input: 'json',
      secret: 'answer',
      invalidates: ['inviteList'],
    });
    expect(JSON.stringify(callOf(contracts.signIn))).toBe(
      JSON.stringify({ method: 'POST', path: '/Services/token', input: 'form', invalidates: [] }),
    );
  });

  it('the app reads nothing else of a contract it takes from the table', () => {
    const read = [...fieldsRead(/\bcontracts\.\w+\.(\w+)/g), ...fieldsRead(/(?<![/\w])contract\.(\w+)/g)];
    expect(read).toEqual(expect.arrayContaining(['path', 'invalidates']));
    expect(read.filter((field) => !kept.includes(field))).toEqual([]);
  });
});

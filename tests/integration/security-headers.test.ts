import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack } from '../../infra/local/stack.ts';
import { startLocalTestStack } from '../support/local-test-stack.ts';
import { contracts } from '#domain/contracts/api.ts';
import { call } from './support/call.ts';
import { client } from './support/test-stack.ts';
import { testFolder } from '../support/global-setup.ts';

const webRoot = testFolder('pickem-web-');
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>x</title>');
let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalTestStack({ dataDir: undefined, port: 0, seed: true, webRoot });
});
afterAll(() => stack?.close());

const expectSecurityHeaders = (headers: Headers) => {
  expect(headers.get('content-security-policy')).toMatch(/script-src 'self';.*frame-ancestors 'none'/);
  expect(headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy')).toMatch(/camera=\(\), microphone=\(\), geolocation=\(\)/);
  // HSTS only behind CloudFront's HTTPS, never from the plain-http local server.
  expect(headers.get('strict-transport-security')).toBeNull();
};

describe('security headers of the local server', () => {
  it('a page and a client route of the web app carry them', async () => {
    for (const path of ['/', '/leaderboard/week', '/missing.js'])
      expectSecurityHeaders((await fetch(stack.url + path)).headers);
  });

  it('API answers carry them: a success, a refusal and an unknown call', async () => {
    const api = client(stack);
    const signedIn = await call(api, contracts.signIn, { login: 'coach', password: 'pickem-demo', domain: 'demo' });
    expect(signedIn.status).toBe(200);
    expectSecurityHeaders(signedIn.headers);
    const refused = await call(api, contracts.currentUser, {});
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused.headers);
    // Probe: a path no contract has.
    const unknown = await api.call('GET', '/api/No/such-call');
    expect(unknown.status).toBe(404);
    expectSecurityHeaders(unknown.headers);
  });

  it('the web app has no inline script, which the policy would block', () => {
    const html = readFileSync('web/index.html', 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
  });
});

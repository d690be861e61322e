// Asks a client's own system whether a login may sign up, through its login-check integration method
// (docs/rules.md, Login approval). The call is guarded (outbound-http.ts); the header value is a secret
// and never reaches a log line.
import { randomBytes } from 'node:crypto';
import type { IntegrationMethod } from '#domain/tenancy/client-settings.ts';
import { framesTheCall } from '#domain/tenancy/method-rules.ts';
import { logger } from './logger.ts';
import type { Settings } from './settings.ts';
import {
  guardedCall,
  type Network,
  type OutboundPolicy,
  type OutboundRequest,
  systemNetwork,
  urlRefusal,
} from './outbound-http.ts';

export type LoginVerdict = 'approved' | 'refused' | 'unavailable';

export interface LoginDirectory {
  check(method: IntegrationMethod, login: string): Promise<LoginVerdict>;
  /** Why a method URL may not be saved (not https, or aimed at a non-public address), or undefined. */
  urlRefusal(url: string): string | undefined;
}

export const loginDirectoryLimits = { timeoutMs: 3000, maxBodyBytes: 64 * 1024 };

function multipart(name: string, value: string) {
  const boundary = `pickem-${randomBytes(12).toString('hex')}`;
  const field = name.replace(/["\r\n]/g, '_');
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n--${boundary}--\r\n`;
  return { body: Buffer.from(body), type: `multipart/form-data; boundary=${boundary}` };
}

function jsonObject(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  const parsed: unknown = JSON.parse(text);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/** The request that carries the login where the method says. */
export function loginRequest(method: IntegrationMethod, login: string): OutboundRequest {
  const encoded = encodeURIComponent(login);
  const inPath = method.passingParameterMethod === 'login in path';
  const url = new URL(
    inPath && method.url.includes('{login}') ? method.url.replaceAll('{login}', encoded) : method.url,
  );
  if (inPath && !method.url.includes('{login}')) url.pathname = `${url.pathname.replace(/\/$/, '')}/${encoded}`;
  // The client's header goes first, so it cannot replace the headers that frame the body.
  const headers: Record<string, string> = { accept: 'application/json, text/plain, */*', 'user-agent': 'pickem' };
  // A method saved before its header was refused (Expect, say) still never frames the call.
  if (method.headerName && method.headerValue && !framesTheCall(method.headerName))
    headers[method.headerName] = method.headerValue;
  let body: Buffer | undefined;
  if (method.passingParameterMethod === 'query') url.searchParams.append(method.parameterName, login);
  if (method.passingParameterMethod === 'form-data') {
    const form = multipart(method.parameterName, login);
    body = form.body;
    headers['content-type'] = form.type;
  }
  if (method.passingParameterMethod === 'JSON body') {
    body = Buffer.from(JSON.stringify({ ...jsonObject(method.requestBody), [method.parameterName]: login }));
    headers['content-type'] = 'application/json';
  }
  if (body) headers['content-length'] = String(body.length);
  return { method: method.methodType, url, headers, body };
}

/** A 2xx approves unless its body is `false`; 404 and 403 refuse; any other answer says nothing. */
export function verdictOf(status: number, body: Buffer): LoginVerdict | undefined {
  if (status >= 200 && status < 300) return body.toString('utf8').trim() === 'false' ? 'refused' : 'approved';
  if (status === 404 || status === 403) return 'refused';
  return undefined;
}

export function loginDirectory(
  network: Network,
  policy: OutboundPolicy,
  limits: typeof loginDirectoryLimits = loginDirectoryLimits,
): LoginDirectory {
  return {
    urlRefusal: (url) => urlRefusal(url, policy),
    async check(method, login) {
      // Logged: which method and why; never the header value, the request body or the login's answer body.
      const about = { methodId: method.id, clientId: method.clientId };
      try {
        const answer = await guardedCall(network, policy, loginRequest(method, login), limits);
        const verdict = verdictOf(answer.status, answer.body);
        if (verdict) return verdict;
        logger.warn('Login check unavailable: the client system answered neither yes nor no', {
          ...about,
          status: answer.status,
        });
      } catch (error) {
        const reason = (error as Error).message;
        logger.warn('Login check unavailable', {
          ...about,
          reason: method.headerValue ? reason.replaceAll(method.headerValue, '[header value]') : reason,
        });
      }
      return 'unavailable';
    },
  };
}

/** Loopback (http to this machine) is allowed only where LOGIN_DIRECTORY_ALLOW_LOOPBACK=1: the local stack and tests. */
export const loginDirectoryFromEnv = (env: Settings) =>
  loginDirectory(systemNetwork, { allowLoopback: env.LOGIN_DIRECTORY_ALLOW_LOOPBACK === '1' });

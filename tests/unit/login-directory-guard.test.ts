// The guard of the call to a client's login-check system, with the DNS lookup and the socket connect replaced by
// test doubles: no packet leaves the machine, and a refused target is never even connected to.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { useCapturedLogs } from '../support/captured-logs.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IntegrationMethod } from '#domain/tenancy/client-settings.ts';
import { loginDirectory, loginRequest } from '../../functions/adapters/login-directory.ts';
import type { Network } from '../../functions/adapters/outbound-http.ts';

const secret = 'very-secret-header-value-42';
/** Looks like a public address; the connect double never goes there, it goes to the local test server. */
const publicLooking = '93.184.216.34';

const method = (url: string): IntegrationMethod => ({
  id: 1,
  clientId: 2,
  methodPurpose: 'checking if a login is allowed to be used',
  methodType: 'GET',
  passingParameterMethod: 'query',
  url,
  parameterName: 'login',
  requestBody: '',
  headerName: 'X-Api-Key',
  headerValue: secret,
});

let server: Server;
let port: number;
let answer: (response: import('node:http').ServerResponse) => void;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(`${request.url} ${request.headers['x-api-key']}`);
    answer(response);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((done) => server.close(done)));

let network: Network & { lookup: ReturnType<typeof vi.fn>; connect: ReturnType<typeof vi.fn> };
const logs = useCapturedLogs();

beforeEach(() => {
  received.length = 0;
  network = {
    lookup: vi.fn(async () => [publicLooking]),
    connect: vi.fn(() => connect({ host: '127.0.0.1', port })),
  };
});

const directory = () => loginDirectory(network, { allowLoopback: false });

describe('the login check refuses to call a non-public address', () => {
  it.each([
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['a private address', 'https://10.0.0.1/check'],
    ['the IPv6 loopback while loopback is not allowed', 'https://[::1]/check'],
    ['an IPv4-mapped IPv6 private address', 'https://[::ffff:10.0.0.1]/check'],
    ['plain http', 'http://directory.example.com/check'],
    ['an IPv4-translated IPv6 private address', 'https://[::ffff:0:a00:1]/check'],
    ['a 6to4 address wrapping a private one', 'https://[2002:a00:1::1]/check'],
    ['a local-use NAT64 address', 'https://[64:ff9b:1::a00:1]/check'],
    ['the IETF protocol block', 'https://192.0.0.8/check'],
    ['the benchmarking block', 'https://198.18.0.1/check'],
    ['a host the login would choose', 'https://{login}/check'],
  ])('%s is never connected to and gives no approval', async (_, url) => {
    expect(await directory().check(method(url), 'newbie')).toBe('unavailable');
    expect(network.connect).not.toHaveBeenCalled();
  });

  it('a host name that resolves to a private address among public ones is never connected to', async () => {
    network.lookup.mockResolvedValue([publicLooking, '192.168.1.20']);
    expect(await directory().check(method('https://directory.example.com/check'), 'newbie')).toBe('unavailable');
    expect(network.lookup).toHaveBeenCalledWith('directory.example.com');
    expect(network.connect).not.toHaveBeenCalled();
  });

  it('a redirect is not followed: the call is unavailable and its target never connected to', async () => {
    answer = (response) => response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    expect(await directory().check(method('https://directory.example.com/check'), 'newbie')).toBe('unavailable');
    expect(network.connect).toHaveBeenCalledTimes(1);
    expect(network.connect).toHaveBeenCalledWith({
      address: publicLooking,
      port: 443,
      tls: true,
      servername: 'directory.example.com',
    });
    expect(received).toEqual([`/check?login=newbie ${secret}`]);
  });
});

describe('the answer of the client system', () => {
  it('approves on a 2xx of reasonable size, to the checked address only', async () => {
    answer = (response) => response.end('{"allowed":true}');
    expect(await directory().check(method('https://directory.example.com/check'), 'newbie')).toBe('approved');
  });

  it('over 64 kB is not read to the end and gives no approval', async () => {
    answer = (response) => response.end('x'.repeat(64 * 1024 + 1));
    expect(await directory().check(method('https://directory.example.com/check'), 'newbie')).toBe('unavailable');
  });
});

describe('the header value', () => {
  it('never appears in the log, whatever goes wrong', async () => {
    answer = (response) => response.writeHead(500).end(`echo ${secret}`);
    await directory().check(method('https://directory.example.com/check'), 'newbie');
    network.lookup.mockResolvedValue(['10.0.0.1']);
    await directory().check(method('https://directory.example.com/check'), 'newbie');
    await directory().check(method(`https://169.254.169.254/?key=x`), 'newbie');
    network.lookup.mockRejectedValue(new Error(`lookup failed near ${secret}`));
    await directory().check(method('https://directory.example.com/check'), 'newbie');
    expect(logs.lines.join('\n')).toContain('Login check unavailable');
    expect(logs.lines.join('\n')).not.toContain(secret);
  });
});

describe('the call a method makes', () => {
  it('sends the method header, but never one that frames the call (a method saved before Expect was refused)', () => {
    const url = 'https://directory.example.com/check';
    expect(loginRequest(method(url), 'ann').headers['X-Api-Key']).toBe(secret);
    const framing = loginRequest({ ...method(url), headerName: 'Expect', headerValue: '100-continue' }, 'ann');
    expect(Object.keys(framing.headers).map((name) => name.toLowerCase())).not.toContain('expect');
  });
});

// Calls from our servers to an address a tenant chose, guarded against server-side request forgery: https only
// (http only to this machine, and only where the local stack allows it), every address the name resolves to must be
// public, the connection goes to the checked address itself (so a second lookup cannot swap it), no redirect is
// followed, the whole call has a deadline and the answer a size cap (docs/rules.md, Login approval).
import { promises as dns } from 'node:dns';
import { type ClientRequest, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** The network seen by a guarded call: replaced by test doubles so no packet leaves the machine. */
export interface Network {
  /** Every address the host name resolves to. */
  lookup(hostname: string): Promise<string[]>;
  /** A socket to this very address; with tls, the certificate is verified for servername. */
  connect(target: { address: string; port: number; tls: boolean; servername: string | undefined }): Socket;
}

/** The machine's own DNS and sockets, always to the address the guard checked. */
export const systemNetwork: Network = {
  async lookup(hostname) {
    return (await dns.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
  },
  connect({ address, port, tls, servername }) {
    return tls
      ? tlsConnect({ host: address, port, servername, ALPNProtocols: ['http/1.1'] })
      : netConnect({ host: address, port });
  },
};

export interface OutboundPolicy {
  /** http to a loopback address: only where the environment says so (the local stack and the tests). */
  allowLoopback: boolean;
}

export interface OutboundRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface OutboundAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Why a call was not made or not finished; its message never carries a header value. */
export class OutboundRefusal extends Error {}

/** The guard refused the target itself (scheme, address): trying again cannot help. */
export class GuardRefusal extends OutboundRefusal {}

const ipv4Bytes = (address: string) => address.split('.').map(Number);

function ipv4Class(address: string): string | undefined {
  const [a = 0, b = 0] = ipv4Bytes(address);
  if (address === '169.254.169.254') return 'a metadata address';
  if (a === 0) return 'an unspecified address';
  if (a === 127) return 'a loopback address';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'a private address';
  if (a === 100 && b >= 64 && b <= 127) return 'a shared (carrier) address';
  if (a === 169 && b === 254) return 'a link-local address';
  if (a === 192 && b === 0 && ipv4Bytes(address)[2] === 0) return 'a reserved address';
  if (a === 198 && (b === 18 || b === 19)) return 'a benchmarking address';
  if (a >= 224 && a <= 239) return 'a multicast address';
  if (a >= 240) return 'a reserved address';
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail turned into two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(tail[1]!);
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = rest === undefined ? [] : parse(rest);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const embeddedIpv4 = (groups: number[]) =>
  [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');

function ipv6Class(address: string): string | undefined {
  const groups = ipv6Groups(address);
  const [first = 0] = groups;
  const zeroUntil = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (zeroUntil(8)) return 'an unspecified address';
  if (zeroUntil(7) && groups[7] === 1) return 'a loopback address';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (zeroUntil(5) && groups[5] === 0xffff) return ipv4Class(embeddedIpv4(groups));
  if (zeroUntil(6)) return ipv4Class(embeddedIpv4(groups)) ?? 'a reserved address';
  // IPv4-translated (::ffff:0:a.b.c.d) carries one too.
  if (zeroUntil(4) && groups[4] === 0xffff && groups[5] === 0) return ipv4Class(embeddedIpv4(groups));
  if (first === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0))
    return ipv4Class(embeddedIpv4(groups));
  // Local-use NAT64 (64:ff9b:1::/48) translates into a network of its own: never a public target.
  if (first === 0x64 && groups[1] === 0xff9b && groups[2] === 1) return 'a local NAT64 address';
  // 6to4 (2002:a.b.c.d::/48) reaches the IPv4 address in its second and third groups.
  if (first === 0x2002) {
    const inner = [groups[1]! >> 8, groups[1]! & 0xff, groups[2]! >> 8, groups[2]! & 0xff].join('.');
    return ipv4Class(inner);
  }
  if (groups.join(':') === [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(':')) return 'a metadata address';
  if ((first & 0xffc0) === 0xfe80) return 'a link-local address';
  if ((first & 0xfe00) === 0xfc00) return 'a unique-local address';
  if ((first & 0xff00) === 0xff00) return 'a multicast address';
  return undefined;
}

/** What kind of non-public address this is, or undefined for a public one. */
export function addressClass(address: string): string | undefined {
  const version = isIP(address);
  if (version === 4) return ipv4Class(address);
  if (version === 6) return ipv6Class(address);
  return 'not an IP address';
}

/** Why the address may not be called, or undefined. Loopback passes only when the policy allows it. */
export function addressRefusal(address: string, policy: OutboundPolicy): string | undefined {
  const kind = addressClass(address);
  if (kind === 'a loopback address' && policy.allowLoopback) return undefined;
  return kind;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** What is wrong with a URL as a call target before any lookup, or undefined. */
export function urlRefusal(text: string, policy: OutboundPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Url is not a valid address';
  }
  if (url.username || url.password) return 'Url must not carry a user name or password';
  const host = bareHost(url);
  const literal = isIP(host) !== 0;
  const loopbackName = host === 'localhost' || (literal && addressClass(host) === 'a loopback address');
  if (url.protocol === 'http:') {
    if (!(policy.allowLoopback && loopbackName)) return 'Url must use https';
  } else if (url.protocol !== 'https:') return 'Url must use https';
  // The login goes into the path only: a '{login}' in the host would let a visitor pick whom we call.
  if (/\{login\}|%7blogin%7d/i.test(url.host)) return 'Url may hold {login} only in its path';
  if (literal) {
    const refusal = addressRefusal(host, policy);
    if (refusal) return `Url must not point at ${refusal}`;
  } else if (host === 'localhost' && !policy.allowLoopback) return 'Url must not point at a loopback address';
  return undefined;
}

/**
 * Makes one guarded call and answers its status and body; throws OutboundRefusal when the guard refuses, the
 * deadline passes, the answer grows beyond maxBodyBytes, or the network fails. Redirects are answered as they
 * come, never followed.
 */
export async function guardedCall(
  network: Network,
  policy: OutboundPolicy,
  call: OutboundRequest,
  limits: { timeoutMs: number; maxBodyBytes: number },
): Promise<OutboundAnswer> {
  const refusal = urlRefusal(call.url.href, policy);
  if (refusal) throw new GuardRefusal(refusal);
  const host = bareHost(call.url);
  const tls = call.url.protocol === 'https:';
  const port = Number(call.url.port) || (tls ? 443 : 80);

  let request: ClientRequest | undefined;
  let over = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OutboundRefusal(`no answer within ${limits.timeoutMs} ms`)), limits.timeoutMs);
  });

  const exchange = async (): Promise<OutboundAnswer> => {
    const addresses = isIP(host) ? [host] : await network.lookup(host);
    if (addresses.length === 0) throw new GuardRefusal('the host name resolves to no address');
    // Every address must pass, not just the one connected to: a name may answer differently next time.
    for (const address of addresses) {
      const refused = addressRefusal(address, policy);
      if (refused) throw new GuardRefusal(`the host name resolves to ${refused}`);
    }
    const address = addresses[0]!;
    // A lookup that outlived the deadline opens no connection.
    if (over) throw new OutboundRefusal('the deadline passed during the lookup');
    return new Promise<OutboundAnswer>((resolve, reject) => {
      request = httpRequest(
        {
          method: call.method,
          protocol: 'http:',
          host,
          port,
          path: `${call.url.pathname}${call.url.search}`,
          headers: { ...call.headers, host: call.url.host, connection: 'close' },
          // No agent: with one (even agent: false) Node opens its own connection, resolving the name again.
          createConnection: () =>
            network.connect({ address, port, tls, servername: isIP(host) ? undefined : host }) as never,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > limits.maxBodyBytes)
              reject(new OutboundRefusal(`the answer is larger than ${limits.maxBodyBytes} bytes`));
            else chunks.push(chunk);
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
          );
          response.on('error', (error) => reject(new OutboundRefusal(`the answer broke off: ${error.message}`)));
        },
      );
      request.on('error', (error) => reject(new OutboundRefusal(`the call failed: ${error.message}`)));
      request.end(call.body);
    });
  };

  try {
    return await Promise.race([exchange(), deadline]);
  } catch (error) {
    throw error instanceof OutboundRefusal
      ? error
      : new OutboundRefusal(`the call failed: ${(error as Error).message}`);
  } finally {
    over = true;
    clearTimeout(timer);
    // Whatever ended the call (answer, refusal, deadline), nothing of it stays open.
    request?.destroy();
  }
}

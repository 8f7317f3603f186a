import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isBlockedAddress } from './address-guard.ts';

/**
 * The delivery was not sent: its address (or a redirect's) is on this machine or a private network. The
 * message, which the endpoint's owner reads in its delivery log, names the address only when the URL gave
 * it: what a name resolves to inside the network is no user's to learn (docs/decisions/292). `address`
 * keeps it for the server's log.
 */
export class AddressRefusedError extends Error {
  readonly host: string;
  readonly address: string;
  constructor(host: string, address: string) {
    super(
      `Refused: ${host === address ? `${host} is` : `${host} resolves to`} a private or local address (set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to allow it)`,
    );
    this.host = host;
    this.address = address;
  }
}

export interface PostOptions {
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS */
  allowPrivate: boolean;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Whether an address is blocked; the tests narrow it to reach their own receivers. */
  isBlocked?: (address: string) => boolean;
  /** DNS; the tests give names of their own. */
  lookup?: typeof dnsLookup;
}

const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Only the status matters; a receiver's long answer is not read past this. */
const MAX_RESPONSE_BYTES = 64 * 1024;

const refused = (host: string, address: string) => new AddressRefusedError(host, address);

/**
 * POSTs `body` to `url` and answers the final HTTP status. The address is checked after DNS resolution,
 * in the socket's own lookup, so the checked address is the one connected to (no second resolution a
 * rebinding DNS server could answer differently); every redirect (at most 3, the same POST) is checked again.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<{ status: number }> {
  const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]);
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    const { status, location } = await postOnce(target, body, headers, options, signal);
    if (!REDIRECTS.has(status) || !location) return { status };
    if (hop >= MAX_REDIRECTS) throw new Error(`Too many redirects (more than ${MAX_REDIRECTS})`);
    target = new URL(location, target);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new Error(`Redirected to ${target.protocol} URL, which is not followed`);
    }
  }
}

function postOnce(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
  signal: AbortSignal,
): Promise<{ status: number; location?: string }> {
  const blocked = options.allowPrivate ? () => false : (options.isBlocked ?? ((a: string) => isBlockedAddress(a)));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // A literal address never goes through the lookup below.
  if (isIP(host) && blocked(host)) return Promise.reject(refused(host, host));
  const resolve = options.lookup ?? dnsLookup;
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname, { ...lookupOptions, all: true } as LookupAllOptions, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.find((a) => blocked(a.address));
      if (bad) return callback(refused(hostname, bad.address), '', 0);
      if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolvePromise, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup,
        signal,
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        const done = () =>
          resolvePromise({ status: response.statusCode ?? 0, location: response.headers.location ?? undefined });
        response.on('end', done);
        response.on('close', done);
        response.on('error', () => done());
      },
    );
    request.on('error', (error) => reject(signal.aborted ? new Error(timeoutOrAbort(signal)) : error));
    request.end(body);
  });
}

function timeoutOrAbort(signal: AbortSignal): string {
  const reason = signal.reason as Error | undefined;
  return reason?.name === 'TimeoutError' ? 'The endpoint did not answer in time' : (reason?.message ?? 'Aborted');
}

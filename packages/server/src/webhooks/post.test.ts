import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlockedAddress } from './address-guard.ts';
import { AddressRefusedError, postWebhook } from './post.ts';

// The guard on real sockets. Loopback stands in for "a private address" here: 127.0.0.2 is the only
// blocked address, and a made-up name resolves to it, so what is checked is where and when.
let redirecting: ReturnType<typeof createServer>;
let port = 0;
const hits: string[] = [];

beforeAll(async () => {
  redirecting = createServer((request, response) => {
    hits.push(`${request.method} ${request.headers.host}${request.url}`);
    if (request.url === '/to-blocked') response.writeHead(307, { location: `http://127.0.0.2:${port}/inside` }).end();
    else if (request.url === '/to-name')
      response.writeHead(302, { location: `http://inside.test:${port}/inside` }).end();
    else if (request.url === '/to-ok') response.writeHead(308, { location: '/ok' }).end();
    else response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => redirecting.listen(0, '0.0.0.0', resolve));
  port = (redirecting.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => redirecting.close(() => resolve())));

const options = {
  allowPrivate: false,
  timeoutMs: 5000,
  isBlocked: (address: string) => address === '127.0.0.2',
  lookup: ((hostname: string, _opts: object, callback: (...args: unknown[]) => void) =>
    callback(null, [{ address: hostname === 'inside.test' ? '127.0.0.2' : '127.0.0.1', family: 4 }])) as never,
};

describe('postWebhook', () => {
  it('follows a redirect to an allowed address with the same POST', async () => {
    hits.length = 0;
    expect(await postWebhook(`http://127.0.0.1:${port}/to-ok`, '{}', {}, options)).toEqual({ status: 204 });
    expect(hits).toEqual([`POST 127.0.0.1:${port}/to-ok`, `POST 127.0.0.1:${port}/ok`]);
  });

  it('refuses a redirect to a blocked address, literal or by name, before connecting', async () => {
    hits.length = 0;
    await expect(postWebhook(`http://127.0.0.1:${port}/to-blocked`, '{}', {}, options)).rejects.toThrow(
      AddressRefusedError,
    );
    await expect(postWebhook(`http://127.0.0.1:${port}/to-name`, '{}', {}, options)).rejects.toMatchObject({
      message: expect.stringMatching(/^Refused: inside.test resolves to a private or local address/),
      address: '127.0.0.2',
    });
    expect(hits).toEqual([`POST 127.0.0.1:${port}/to-blocked`, `POST 127.0.0.1:${port}/to-name`]);
  });

  it('checks a name after it is resolved', async () => {
    await expect(postWebhook(`http://inside.test:${port}/x`, '{}', {}, options)).rejects.toThrow(AddressRefusedError);
    expect(await postWebhook(`http://outside.test:${port}/x`, '{}', {}, options)).toEqual({ status: 204 });
  });

  it('refuses a name whose answer is an IPv6 form of a private IPv4 address, with the real guard', async () => {
    const { isBlocked: _narrowed, ...guarded } = options;
    const answer = ((_hostname: string, _opts: object, callback: (...args: unknown[]) => void) =>
      callback(null, [{ address: '::ffff:0:7f00:1', family: 6 }])) as never;
    await expect(
      postWebhook(`http://inside.test:${port}/x`, '{}', {}, { ...guarded, lookup: answer }),
    ).rejects.toMatchObject({ address: '::ffff:0:7f00:1' });
  });

  it('sends anywhere when private networks are allowed', async () => {
    expect(await postWebhook(`http://inside.test:${port}/x`, '{}', {}, { ...options, allowPrivate: true })).toEqual({
      status: 204,
    });
  });
});

describe('isBlockedAddress', () => {
  it('blocks loopback, private, link-local, metadata and mapped forms; lets public addresses through', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::10.0.0.1',
      'not an address',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '::ffff:1.1.1.1']) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });
});

describe('isBlockedAddress on IPv6 forms that carry an IPv4 address', () => {
  it('judges each form by the IPv4 address it leads to', () => {
    const blocked = [
      '::127.0.0.1', // IPv4-compatible
      '::7f00:1',
      '::ffff:0:7f00:1', // IPv4-translated
      '::ffff:10.0.0.1', // IPv4-mapped
      '64:ff9b::a9fe:a9fe', // NAT64 to 169.254.169.254
      '64:ff9b:1::7f00:1', // local-use NAT64
      '64:ff9b:1:7f00:0:100::', // local-use NAT64 in another layout: unreadable, refused
      '2002:7f00:1::1', // 6to4 through 127.0.0.1
      '2002:c0a8:101::1', // 6to4 through 192.168.1.1
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo whose client (inverted) is 127.0.0.1
      '2001:0:a00:1:8000:63bf:fef0:fefe', // Teredo whose server is 10.0.0.1
      '::ffff:0:7f00:1%eth0',
      '1::2::3',
      '::12345',
      '::1.2.3.400',
    ];
    for (const address of blocked) expect(isBlockedAddress(address), address).toBe(true);
    const allowed = [
      '::1.1.1.1',
      '::ffff:0:101:101',
      '64:ff9b::101:101',
      '64:ff9b:1::808:808',
      '2002:101:101::1',
      '2001:0:4136:e378:8000:63bf:fefe:fefe', // Teredo: server 65.54.227.120, client 1.1.1.1
      '2001:4860:4860::8888', // not Teredo: 2001:4860::/32
    ];
    for (const address of allowed) expect(isBlockedAddress(address), address).toBe(false);
  });
});

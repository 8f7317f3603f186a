import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, expectError } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// Two API processes' worth of servers on one database: the limits must hold across both and under
// concurrent requests (the counters live in the database and each attempt is counted atomically).
let first: TestServer;
let second: TestServer;
let addressCounter = 0;

beforeAll(async () => {
  // TRUST_PROXY so each test can come from its own client address.
  first = await startTestServer({ TRUST_PROXY: 'true' });
  const { database } = first.ctx.config;
  second = await startTestServer({
    TRUST_PROXY: 'true',
    DATABASE_URL: database.kind === 'postgres' ? database.url : `sqlite:${database.file}`,
    // Sign-ups are limited on this one (the others' tests make their accounts on the first).
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '3',
  });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const freshAddress = () => `198.51.100.${++addressCounter}`;

function login(server: TestServer, body: { email: string; password: string }, address: string) {
  return apiClient(server.url).request('POST', '/auth/login', { body, headers: { 'x-forwarded-for': address } });
}

const TOO_MANY = /^Too many failed sign-in attempts\. Try again in \d+ (seconds|minutes)\.$/;

/** Moves a counter's window back by `ms`, as if that much time had passed since it began. */
async function age(keyStart: string, ms: number) {
  const rows = await first.ctx.db
    .selectFrom('login_throttle')
    .selectAll()
    .where('key', 'like', `${keyStart}%`)
    .execute();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const earlier = new Date(Date.parse(row.window_start) - ms).toISOString();
    await first.ctx.db
      .updateTable('login_throttle')
      .set({ window_start: earlier })
      .where('key', '=', row.key)
      .execute();
  }
}

describe('sign-in throttling under concurrency', () => {
  it('30 concurrent wrong passwords for one account from 30 addresses over two servers: 10 reach the password check, the rest wait at most a minute', async () => {
    const { email } = await apiClient(first.url).register();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(i % 2 ? first : second, { email, password: 'wrong password' }, freshAddress()),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    for (const res of results.filter((r) => r.status === 429)) {
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(TOO_MANY) });
    }
  });

  it('a guesser holds only itself: after 30 wrong passwords from one address the owner signs in from another at once', async () => {
    const { email, password } = await apiClient(first.url).register();
    const attacker = freshAddress();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(i % 2 ? first : second, { email, password: 'guess guess' }, attacker)),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(25);
    // Even the right password from the guesser's address waits.
    expect((await login(first, { email, password }, attacker)).status).toBe(429);
    expect((await login(second, { email, password }, freshAddress())).status).toBe(200);
  });

  it('a client that keeps failing waits longer each time: 15 minutes, then an hour', async () => {
    const { email, password } = await apiClient(first.url).register();
    const address = freshAddress();
    const wrong = () => login(first, { email, password: 'still wrong' }, address);
    for (let i = 0; i < 5; i++) expect((await wrong()).status).toBe(401);
    const first429 = await wrong();
    expectError(first429, 429, TOO_MANY);
    const firstWait = Number(first429.headers.get('retry-after'));
    expect(firstWait).toBeGreaterThan(800);
    expect(firstWait).toBeLessThanOrEqual(900);

    // The 15 minutes pass: four more tries, then the hour's window (10 attempts) holds the client.
    await age(`pair-15m:${email}|${address}`, 16 * 60_000);
    for (let i = 0; i < 4; i++) expect((await wrong()).status).toBe(401);
    const second429 = await login(first, { email, password }, address);
    expectError(second429, 429, TOO_MANY);
    const secondWait = Number(second429.headers.get('retry-after'));
    expect(secondWait).toBeGreaterThan(900);
    expect(secondWait).toBeLessThanOrEqual(3600);
    expect((await login(first, { email, password }, freshAddress())).status).toBe(200);
  });

  it('sequentially the sixth attempt from the same address answers 429, even with the right password, on the other server too', async () => {
    const { email, password } = await apiClient(first.url).register();
    const address = freshAddress();
    for (let i = 0; i < 5; i++)
      expect((await login(first, { email, password: 'nope nope' }, address)).status).toBe(401);
    const blocked = await login(second, { email, password }, address);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('limits one address trying many accounts, concurrently', async () => {
    const address = freshAddress();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(i % 2 ? first : second, { email: `nobody${i}@example.com`, password: 'guess guess' }, address),
      ),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(20);
    expect(results.filter((r) => r.status === 429)).toHaveLength(10);
  });

  it('a successful sign-in clears the account’s failures and does not use up the address', async () => {
    const { email, password } = await apiClient(first.url).register();
    const address = freshAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++)
        expect((await login(first, { email, password: 'bad bad bad' }, address)).status).toBe(401);
      expect((await login(second, { email, password }, address)).status).toBe(200);
    }
    // 8 failures and 2 successes from this address: under its limit of 20 (and under the account's 10 a
    // minute), and the account is clear.
    expect((await login(first, { email, password }, address)).status).toBe(200);
  });

  it('limits sign-ups per client address (3 an hour on this server), the others go on', async () => {
    const address = freshAddress();
    const signUp = (from: string) =>
      apiClient(second.url).request('POST', '/auth/register', {
        body: {
          name: 'Many',
          email: `many-${Math.random().toString(36).slice(2)}@example.com`,
          password: 'long enough',
        },
        headers: { 'x-forwarded-for': from },
      });
    for (let i = 0; i < 3; i++) expect((await signUp(address)).status).toBe(201);
    const refused = await signUp(address);
    expectError(refused, 429, /^Too many sign-ups from this network\. Try again in \d+ minutes\.$/);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(3600);
    expect((await signUp(freshAddress())).status).toBe(201);
  });
});

// One IPv6 host has a whole /64 of addresses to send from (a /64 is the smallest prefix a network hands
// out): counted address by address, it could make accounts and guess passwords without end.
describe('an IPv6 client is its /64', () => {
  let network = 0;
  const fresh64 = () => `2001:db8:${(++network).toString(16)}:1`;

  it('limits sign-ups from the addresses of one /64 together (3 an hour on this server)', async () => {
    const prefix = fresh64();
    const signUp = (from: string) =>
      apiClient(second.url).request('POST', '/auth/register', {
        body: { name: 'Many', email: `v6-${Math.random().toString(36).slice(2)}@example.com`, password: 'long enough' },
        headers: { 'x-forwarded-for': from },
      });
    for (let i = 1; i <= 3; i++) expect((await signUp(`${prefix}::${i}`)).status).toBe(201);
    expectError(await signUp(`${prefix}:abcd:ef01:2345:6789`), 429, /^Too many sign-ups from this network/);
    expect((await signUp(`${fresh64()}::1`)).status).toBe(201);
  });

  it('holds a guesser that changes address inside its /64, and the owner signs in from another network', async () => {
    const { email, password } = await apiClient(first.url).register();
    const prefix = fresh64();
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++)
      statuses.push((await login(first, { email, password: 'guess guess' }, `${prefix}::${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await login(second, { email, password }, `${fresh64()}::1`)).status).toBe(200);
  });

  it('counts an IPv4 client the same whether its address is written plain or IPv4-mapped', async () => {
    const { email } = await apiClient(first.url).register();
    const v4 = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login(first, { email, password: 'guess guess' }, i % 2 ? `::ffff:${v4}` : v4)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

// A proxy that appends to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for) passes on whatever the
// client wrote before the address it saw itself. TRUST_PROXY counts hops from the end, so the client's own
// entries never decide its address (docs/decisions/295).
describe('behind a proxy that appends to X-Forwarded-For', () => {
  it('counts a sign-up by the address the proxy saw, not the ones the client wrote', async () => {
    const seen = freshAddress();
    const signUp = (written: string) =>
      apiClient(second.url).request('POST', '/auth/register', {
        body: {
          name: 'Forged',
          email: `xff-${Math.random().toString(36).slice(2)}@example.com`,
          password: 'long enough',
        },
        headers: { 'x-forwarded-for': `${written}, ${seen}` },
      });
    for (let i = 0; i < 3; i++) expect((await signUp(freshAddress())).status).toBe(201);
    expectError(await signUp(freshAddress()), 429, /^Too many sign-ups from this network/);
  });

  it('holds a guesser that writes a new address in front of each attempt', async () => {
    const { email } = await apiClient(first.url).register();
    const seen = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login(first, { email, password: 'guess guess' }, `${freshAddress()}, ${seen}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

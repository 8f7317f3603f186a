import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/api.ts';
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

describe('sign-in throttling under concurrency', () => {
  it('30 concurrent wrong passwords for one account, split over two servers: at most 5 reach the password check', async () => {
    const { email } = await apiClient(first.url).register();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(i % 2 ? first : second, { email, password: 'wrong password' }, freshAddress()),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    for (const res of results.filter((r) => r.status === 429)) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/Too many failed sign-in/) });
    }
  });

  it('sequentially the sixth attempt answers 429, even with the right password, on the other server too', async () => {
    const { email, password } = await apiClient(first.url).register();
    const address = freshAddress();
    for (let i = 0; i < 5; i++)
      expect((await login(first, { email, password: 'nope nope' }, address)).status).toBe(401);
    const blocked = await login(second, { email, password }, freshAddress());
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
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++)
        expect((await login(first, { email, password: 'bad bad bad' }, address)).status).toBe(401);
      expect((await login(second, { email, password }, address)).status).toBe(200);
    }
    // 12 failures and 3 successes from this address: under its limit of 20, and the account is clear.
    expect((await login(first, { email, password }, address)).status).toBe(200);
  });
});

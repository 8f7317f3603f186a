import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('identities repository', () => {
  it('creates an account with its first identity, and leaves no account behind when the identity is refused', async () => {
    const { identities, users } = server.ctx.repos;
    const issuer = 'https://id.example.test';
    const user = await identities.createAccount({ name: 'Ada', email: 'ada@example.test', issuer, subject: 'sub-1' });
    expect((await identities.find(issuer, 'sub-1'))?.user_id).toBe(user.id);
    expect((await users.findById(user.id))?.password_hash).toBeNull();

    // The same provider account a second time (two first sign-ins racing): the identity is unique.
    await expect(
      identities.createAccount({ name: 'Ada 2', email: 'ada2@example.test', issuer, subject: 'sub-1' }),
    ).rejects.toThrow();
    expect(await users.findByEmail('ada2@example.test')).toBeUndefined();
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { StorageUnavailableError } from '../../storage/storage.ts';
import { registerErrorHandler } from './error-handler.ts';

describe('the error handler', () => {
  async function appWith(thrown: unknown) {
    const logged: unknown[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
    });
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw thrown;
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    return { res, logged };
  }

  it('hides unknown errors behind a generic 500 and logs them', async () => {
    const { res, logged } = await appWith(new Error('database password is hunter2'));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Internal server error' });
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it('answers an AppError with its status, message, issues and headers', async () => {
    const { res } = await appWith(new AppError(429, 'Slow down', { headers: { 'retry-after': '7' } }));
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toMatchObject({ success: false, message: 'Slow down' });
  });

  it('answers a 5xx AppError with its own message and logs its cause (the store that failed)', async () => {
    const { res, logged } = await appWith(new StorageUnavailableError(new Error('connect ECONNREFUSED 10.0.0.9:9000')));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      message: 'The recording store is not available right now; please try again in a moment',
    });
    expect(JSON.stringify(logged)).toContain('ECONNREFUSED 10.0.0.9:9000');
  });
});

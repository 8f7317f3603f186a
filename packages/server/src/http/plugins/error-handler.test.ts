import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
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
});

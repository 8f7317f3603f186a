import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { heavyRequestLimit, TOO_MANY_HEAVY_REQUESTS } from './heavy-requests.ts';

const limits = { running: 2, waiting: 1, retryAfterSeconds: 5 };
const open = () => new AbortController().signal;

describe("a user's heavy requests", () => {
  it('run two at once, the next waits its turn, and the one after is refused with a 429 and Retry-After', async () => {
    const heavy = heavyRequestLimit(limits);
    const first = await heavy.enter('ann', open());
    await heavy.enter('ann', open());
    let thirdStarted = false;
    const third = heavy.enter('ann', open()).then((leave) => {
      thirdStarted = true;
      return leave;
    });
    const refused = await heavy.enter('ann', open()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, message: TOO_MANY_HEAVY_REQUESTS, headers: { 'retry-after': '5' } });
    // Another user is not held by Ann's.
    await heavy.enter('bob', open());
    expect(heavy.stats('ann')).toEqual({ running: 2, waiting: 1 });
    expect(thirdStarted).toBe(false);
    first();
    first(); // a second call ends nothing more
    (await third)();
    expect(thirdStarted).toBe(true);
    expect(heavy.stats('ann')).toEqual({ running: 1, waiting: 0 });
  });

  it('a waiting request whose client went away leaves the line', async () => {
    const heavy = heavyRequestLimit({ ...limits, running: 1 });
    const leave = await heavy.enter('ann', open());
    const gone = new AbortController();
    const waiting = heavy.enter('ann', gone.signal);
    gone.abort(new Error('the client went away'));
    await expect(waiting).rejects.toThrow('the client went away');
    expect(heavy.stats('ann')).toEqual({ running: 1, waiting: 0 });
    leave();
    expect(heavy.stats('ann')).toEqual({ running: 0, waiting: 0 });
  });
});

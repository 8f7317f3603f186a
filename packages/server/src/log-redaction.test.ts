import { describe, expect, it } from 'vitest';
import { redactUrl } from './app.ts';

describe('request logs', () => {
  it('keep signed URL tokens out of the log', () => {
    expect(redactUrl('/api/projects/p/meetings/m/audio?token=eyJhbGciOi.secret.sig')).toBe(
      '/api/projects/p/meetings/m/audio?token=[redacted]',
    );
    expect(redactUrl('/audio?x=1&token=abc&y=2')).toBe('/audio?x=1&token=[redacted]&y=2');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it("keep share links' tokens out of the log, on the page and the API", () => {
    const token = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';
    expect(redactUrl(`/api/shared/${token}`)).toBe('/api/shared/[redacted]');
    expect(redactUrl(`/api/shared/${token}/audio`)).toBe('/api/shared/[redacted]/audio');
    expect(redactUrl(`/s/${token}`)).toBe('/s/[redacted]');
    expect(redactUrl(`/s/${token}?t=12`)).toBe('/s/[redacted]?t=12');
    // The owner's share routes name a share by its id, not its token.
    expect(redactUrl('/api/meetings/m1/shares/s1')).toBe('/api/meetings/m1/shares/s1');
  });
});

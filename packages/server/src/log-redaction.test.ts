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
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'parley-config-'));

describe('embeddings configuration', () => {
  it('is off unless EMBEDDINGS_BASE_URL is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).embeddings).toBeUndefined();
  });

  it('reads an OpenAI-compatible endpoint with documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), EMBEDDINGS_BASE_URL: 'http://localhost:11434/v1/' });
    expect(config.embeddings).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'nomic-embed-text',
      minSimilarity: 0.5,
    });
    const openai = loadConfig({
      DATA_DIR: dataDir(),
      EMBEDDINGS_BASE_URL: 'https://api.openai.com/v1',
      EMBEDDINGS_API_KEY: 'sk-1',
      EMBEDDINGS_MODEL: 'text-embedding-3-small',
      EMBEDDINGS_MIN_SIMILARITY: '0.3',
    });
    expect(openai.embeddings).toMatchObject({ apiKey: 'sk-1', model: 'text-embedding-3-small', minSimilarity: 0.3 });
  });

  it.each([
    [{ EMBEDDINGS_MODEL: 'nomic-embed-text' }, 'EMBEDDINGS_MODEL'],
    [{ EMBEDDINGS_API_KEY: 'sk-1' }, 'EMBEDDINGS_API_KEY'],
    [{ EMBEDDINGS_MIN_SIMILARITY: '0.4' }, 'EMBEDDINGS_MIN_SIMILARITY'],
    [{ EMBEDDINGS_BASE_URL: 'localhost:11434' }, 'EMBEDDINGS_BASE_URL'],
    [{ EMBEDDINGS_BASE_URL: 'ftp://example.com/v1' }, 'EMBEDDINGS_BASE_URL'],
    [
      { EMBEDDINGS_BASE_URL: 'http://localhost:11434/v1', EMBEDDINGS_MIN_SIMILARITY: 'high' },
      'EMBEDDINGS_MIN_SIMILARITY',
    ],
    [{ EMBEDDINGS_BASE_URL: 'http://localhost:11434/v1', EMBEDDINGS_MIN_SIMILARITY: '2' }, 'EMBEDDINGS_MIN_SIMILARITY'],
    [{ EMBEDDINGS_BASE_URL: 'http://localhost:11434/v1', EMBEDDINGS_MODEL: ' ' }, 'EMBEDDINGS_MODEL'],
  ])('stops start-up on %o, naming %s', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`\\b${variable}:`));
  });
});

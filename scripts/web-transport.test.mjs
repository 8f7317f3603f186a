// The web app reaches the server through lib/api-client.ts only (issue 41): no other source file calls
// fetch, XMLHttpRequest, EventSource, sendBeacon or WebSocket, or touches the session's token, so the
// bearer header, the error shape and the event-stream reading have one owner. Tests are exempt.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webSrc = join(root, 'packages/web/src');
const OWNER = 'lib/api-client.ts';

const TRANSPORT = [
  [/(?<![\w$])fetch\s*\(/, 'calls fetch'],
  [/\bXMLHttpRequest\b/, 'uses XMLHttpRequest'],
  [/\bEventSource\b/, 'uses EventSource'],
  [/\bsendBeacon\b/, 'uses sendBeacon'],
  [/\bWebSocket\b/, 'uses WebSocket'],
  [/STORAGE_KEYS\s*(\.\s*authToken|\[\s*['"]authToken['"]\s*\])/, 'reads or writes the token'],
  [/['"`]auth_token['"`]/, 'names the token key'],
];

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The code without its comments (a comment may well say "fetch(" or "EventSource"). */
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Every use of the network or the token outside api-client, as 'file: what'. */
function transportOutsideClient(dir = webSrc) {
  const found = [];
  for (const file of sources(dir)) {
    const name = relative(dir, file);
    if (name === OWNER) continue;
    const text = code(readFileSync(file, 'utf8'));
    for (const [pattern, what] of TRANSPORT) {
      // the storage module declares the key's name; it reads nothing by itself
      if (name === 'lib/storage.ts' && what === 'names the token key') continue;
      if (pattern.test(text)) found.push(`${name}: ${what}`);
    }
  }
  return found;
}

describe('the web app talks to the server only through lib/api-client.ts', () => {
  it('has no fetch, XMLHttpRequest, EventSource or token outside it', () => {
    expect(transportOutsideClient()).toEqual([]);
  });

  it('would see each of them', () => {
    const sample = [
      'await fetch(url)',
      'const x = new XMLHttpRequest()',
      'new EventSource(u)',
      'navigator.sendBeacon(u)',
      'new WebSocket(u)',
      'readStorage(STORAGE_KEYS.authToken)',
      "localStorage.getItem('auth_token')",
    ];
    for (const line of sample) {
      expect(
        TRANSPORT.some(([pattern]) => pattern.test(code(line))),
        line,
      ).toBe(true);
    }
    for (const line of ['refetch()', 'queryClient.prefetchQuery(x)', '// fetch(url) in a comment', 'fetchQuery(x)']) {
      expect(
        TRANSPORT.some(([pattern]) => pattern.test(code(line))),
        line,
      ).toBe(false);
    }
  });
});

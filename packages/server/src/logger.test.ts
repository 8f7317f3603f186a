import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, requestLine } from './logger.ts';

describe('readable log lines', () => {
  it('puts a request on one line: method, path, status, time, message', () => {
    expect(
      requestLine(
        {
          req: { method: 'POST', url: '/api/projects' },
          res: { statusCode: 201 },
          responseTime: 12.4,
          msg: 'request completed',
        },
        'msg',
      ),
    ).toBe('POST /api/projects 201 12 ms request completed');
    expect(requestLine({ msg: 'worker started' }, 'msg')).toBe('worker started');
  });

  function capture() {
    const written: string[] = [];
    const destination = new Writable({
      write: (chunk, _encoding, done) => {
        written.push(String(chunk));
        done();
      },
    });
    return { destination, text: () => written.join('') };
  }

  it('a terminal gets readable lines, not JSON', () => {
    const out = capture();
    createLogger({ logLevel: 'info', logFormat: 'auto' }, { isTerminal: true, destination: out.destination }).info(
      { req: { method: 'GET', url: '/x' }, res: { statusCode: 200 } },
      'hello',
    );
    expect(out.text()).toMatch(/INFO.*GET \/x 200 hello/);
    expect(out.text().trim().startsWith('{')).toBe(false);
  });

  it('anything else gets JSON lines, unless LOG_FORMAT says otherwise', () => {
    const json = capture();
    createLogger({ logLevel: 'info', logFormat: 'auto' }, { isTerminal: false, destination: json.destination }).info(
      'hello',
    );
    expect(JSON.parse(json.text())).toMatchObject({ level: 30, msg: 'hello' });
    const forced = capture();
    createLogger(
      { logLevel: 'info', logFormat: 'pretty' },
      { isTerminal: false, destination: forced.destination },
    ).info('hello');
    expect(forced.text()).toMatch(/INFO: hello/);
  });
});

import { describe, expect, it } from 'vitest';
import { EventStreamParser, type ServerSentEvent } from './event-stream';

/** The events of a whole stream fed in the given pieces. */
function read(...pieces: string[]): ServerSentEvent[] {
  const parser = new EventStreamParser();
  return pieces.flatMap((piece) => parser.push(piece));
}

describe('EventStreamParser (text/event-stream as EventSource reads it)', () => {
  it("names an event by its event: field, 'message' without one", () => {
    expect(read('event: chunk\ndata: {"text":"a"}\n\ndata: plain\n\n')).toEqual([
      { type: 'chunk', data: '{"text":"a"}', id: '' },
      { type: 'message', data: 'plain', id: '' },
    ]);
  });

  it('joins multi-line data with newlines and drops one space after the colon only', () => {
    expect(read('data: first\ndata:second\ndata:  third\ndata\n\n')).toEqual([
      { type: 'message', data: 'first\nsecond\n third\n', id: '' },
    ]);
  });

  it('skips comments (keep-alives), unknown fields and events without data', () => {
    expect(read(': keep-alive\n\nevent: ping\n\nfoo: bar\ndata: x\n\n')).toEqual([
      { type: 'message', data: 'x', id: '' },
    ]);
  });

  it('keeps the last event id for later events and ignores an id holding NULL', () => {
    expect(read('id: 7\ndata: a\n\ndata: b\n\nid: 8\0\ndata: c\n\nid\ndata: d\n\n')).toEqual([
      { type: 'message', data: 'a', id: '7' },
      { type: 'message', data: 'b', id: '7' },
      { type: 'message', data: 'c', id: '7' },
      { type: 'message', data: 'd', id: '' },
    ]);
  });

  it('takes CRLF, CR and LF line ends, even a CRLF cut between two pieces', () => {
    expect(read('data: a\r\n\r\ndata: b\r\rdata: c\r', '\n\r', '\n')).toEqual([
      { type: 'message', data: 'a', id: '' },
      { type: 'message', data: 'b', id: '' },
      { type: 'message', data: 'c', id: '' },
    ]);
  });

  it('reads pieces cut anywhere, and drops an event the stream never ended', () => {
    const stream = 'event: chunk\ndata: {"text":"é"}\n\nevent: complete\ndata: {}\n\nevent: chunk\ndata: lost';
    const whole = read(stream);
    expect(read(...stream.split(''))).toEqual(whole);
    expect(whole.map((event) => event.type)).toEqual(['chunk', 'complete']);
  });

  it('remembers a valid retry time', () => {
    const parser = new EventStreamParser();
    parser.push('retry: 3000\n\nretry: soon\n\n');
    expect(parser.retry).toBe(3000);
  });
});

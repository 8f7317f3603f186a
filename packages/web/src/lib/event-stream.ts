/**
 * One event of a `text/event-stream` as the HTML standard's EventSource reads it: `type` from the
 * `event:` field ('message' when there is none), `data` from its `data:` lines joined by '\n', `id` the
 * last event id seen so far (it carries over to later events until another `id:` changes it).
 */
export interface ServerSentEvent {
  type: string;
  data: string;
  id: string;
}

/**
 * Reads a text/event-stream as its text arrives, in pieces cut anywhere (HTML Living Standard,
 * "Interpreting an event stream"): lines end in CRLF, LF or CR; a line starting with ':' is a comment
 * (the server's keep-alives); `field: value` loses one space after the colon; an unknown field is
 * ignored; a blank line dispatches the event, unless it had no `data:` line; an id holding NULL is
 * ignored; a last event not ended by a blank line is dropped when the stream ends. Pure text: the
 * connection is api-client's (streamRoute).
 */
export class EventStreamParser {
  private pending = '';
  /** The previous piece ended in CR: an LF opening the next one ends nothing more. */
  private afterCarriageReturn = false;
  private data = '';
  private type = '';
  private lastEventId = '';
  /** The reconnection time the server asked for (`retry:`), in milliseconds. */
  retry: number | undefined;

  /** Reads the next piece of text; returns the events it completed, in order. */
  push(text: string): ServerSentEvent[] {
    let piece = text;
    if (this.afterCarriageReturn && piece.startsWith('\n')) piece = piece.slice(1);
    this.afterCarriageReturn = false;
    const buffer = this.pending + piece;
    const events: ServerSentEvent[] = [];
    const lineEnd = /\r\n|\r|\n/g;
    let start = 0;
    for (let match = lineEnd.exec(buffer); match; match = lineEnd.exec(buffer)) {
      // A CR at the very end may be half of a CRLF whose LF comes in the next piece.
      if (match[0] === '\r' && match.index === buffer.length - 1) this.afterCarriageReturn = true;
      this.line(buffer.slice(start, match.index), events);
      start = match.index + match[0].length;
    }
    this.pending = buffer.slice(start);
    return events;
  }

  private line(line: string, events: ServerSentEvent[]): void {
    if (line === '') {
      this.dispatch(events);
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.type = value;
    else if (field === 'data') this.data += `${value}\n`;
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
  }

  private dispatch(events: ServerSentEvent[]): void {
    if (this.data !== '') {
      events.push({ type: this.type || 'message', data: this.data.slice(0, -1), id: this.lastEventId });
    }
    this.data = '';
    this.type = '';
  }
}

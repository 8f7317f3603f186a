import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The parsed body when it is JSON, else undefined. */
  json: any;
}

/**
 * Sends bytes exactly as given over a plain TCP socket and reads the first HTTP response, so tests can
 * send what no well-behaved client would (bad encodings, lying Content-Length, unknown methods, huge
 * headers). `halfClose` ends the writing side after sending, as a client that gave up would.
 */
export function sendRaw(
  baseUrl: string,
  request: string | Buffer,
  opts: { halfClose?: boolean } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    let settled = false;
    const isHead = String(request).startsWith('HEAD ');
    const finish = () => {
      if (settled) return;
      const response = parseFirstResponse(Buffer.concat(chunks), isHead);
      if (!response) return;
      settled = true;
      socket.destroy();
      resolve(response);
    };
    socket.on('connect', () => {
      socket.write(request);
      if (opts.halfClose) socket.end();
    });
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      finish();
    });
    socket.on('error', (error) => {
      if (!settled) reject(error);
    });
    socket.on('close', () => {
      finish();
      if (!settled) reject(new Error(`connection closed without a complete response: ${Buffer.concat(chunks)}`));
    });
  });
}

function parseFirstResponse(data: Buffer, isHead: boolean): RawResponse | undefined {
  const text = data.toString('latin1');
  const headerEnd = text.indexOf('\r\n\r\n');
  if (headerEnd < 0) return undefined;
  const [statusLine, ...lines] = text.slice(0, headerEnd).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  // A reply to HEAD announces the length of a body it does not send.
  const length = isHead ? 0 : Number(headers['content-length'] ?? -1);
  const rest = data.subarray(Buffer.byteLength(text.slice(0, headerEnd + 4), 'latin1'));
  if (length < 0 || rest.length < length) return undefined;
  const body = rest.subarray(0, length).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body, json };
}

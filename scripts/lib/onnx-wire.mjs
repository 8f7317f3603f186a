// The protobuf wire format, just enough to read and rewrite an ONNX model (ModelProto) without a
// protobuf library: a message is a list of fields, each kept as its raw bytes, so everything this
// code does not touch (weights included) is copied through unchanged.

/** @typedef {{ field: number, wire: number, raw: Uint8Array }} Field  raw: the value's bytes (for wire type 2 with its length prefix) */

/** @returns {[bigint, number]} the varint at `pos` and the position after it */
export function readVarint(buf, pos) {
  let value = 0n;
  let shift = 0n;
  for (;;) {
    if (pos >= buf.length) throw new Error('protobuf: truncated varint');
    const b = buf[pos++];
    value |= BigInt(b & 0x7f) << shift;
    if (!(b & 0x80)) return [value, pos];
    shift += 7n;
  }
}

function varintBytes(n) {
  let x = BigInt(n);
  const out = [];
  do {
    let b = Number(x & 0x7fn);
    x >>= 7n;
    if (x) b |= 0x80;
    out.push(b);
  } while (x);
  return Uint8Array.from(out);
}

/** @returns {Field[]} the fields of one message, in order */
export function parseMessage(buf) {
  const fields = [];
  let pos = 0;
  while (pos < buf.length) {
    let key;
    [key, pos] = readVarint(buf, pos);
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    const start = pos;
    if (wire === 0) [, pos] = readVarint(buf, pos);
    else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else if (wire === 2) {
      let len;
      [len, pos] = readVarint(buf, pos);
      pos += Number(len);
    } else throw new Error(`protobuf: unsupported wire type ${wire}`);
    if (pos > buf.length) throw new Error('protobuf: truncated field');
    fields.push({ field, wire, raw: buf.subarray(start, pos) });
  }
  return fields;
}

/** The bytes of a length-delimited field (a string, bytes or an embedded message). */
export function bytesOf(f) {
  const [, p] = readVarint(f.raw, 0);
  return f.raw.subarray(p);
}

export const stringOf = (f) => new TextDecoder().decode(bytesOf(f));
export const numberOf = (f) => Number(readVarint(f.raw, 0)[0]);

/** @returns {Field} */
export function bytesField(field, bytes) {
  const len = varintBytes(bytes.length);
  const raw = new Uint8Array(len.length + bytes.length);
  raw.set(len);
  raw.set(bytes, len.length);
  return { field, wire: 2, raw };
}

export const stringField = (field, s) => bytesField(field, new TextEncoder().encode(s));
export const numberField = (field, n) => ({ field, wire: 0, raw: varintBytes(n) });

export function serializeMessage(fields) {
  const parts = [];
  let size = 0;
  for (const f of fields) {
    const key = varintBytes((f.field << 3) | f.wire);
    parts.push(key, f.raw);
    size += key.length + f.raw.length;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

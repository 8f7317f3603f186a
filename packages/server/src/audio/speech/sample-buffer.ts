/** Growable Float32 buffer that can drop its head. */
export class SampleBuffer {
  private data = new Float32Array(16000 * 8);
  private len = 0;
  /** Absolute sample index of data[0]. */
  offset = 0;

  push(x: Float32Array): void {
    if (this.len + x.length > this.data.length) {
      let cap = this.data.length;
      while (cap < this.len + x.length) cap *= 2;
      const d = new Float32Array(cap);
      d.set(this.data.subarray(0, this.len));
      this.data = d;
    }
    this.data.set(x, this.len);
    this.len += x.length;
  }

  get end(): number {
    return this.offset + this.len;
  }

  /** Copy of absolute sample range [a, b) (clamped to what is held). */
  slice(a: number, b: number): Float32Array {
    const s = Math.max(0, a - this.offset);
    const e = Math.min(this.len, b - this.offset);
    return this.data.slice(s, Math.max(s, e));
  }

  /** Forget everything before absolute sample index `a`. */
  dropBefore(a: number): void {
    const n = Math.min(this.len, a - this.offset);
    if (n <= 0) return;
    this.data.copyWithin(0, n, this.len);
    this.len -= n;
    this.offset += n;
    // shrink if the buffer became much larger than needed
    if (this.data.length > 16000 * 64 && this.len < this.data.length / 4) {
      const d = new Float32Array(Math.max(16000 * 8, this.len * 2));
      d.set(this.data.subarray(0, this.len));
      this.data = d;
    }
  }
}

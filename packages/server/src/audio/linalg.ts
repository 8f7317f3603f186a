/** Small dense linear algebra for the speaker models (row-major Float64Array matrices). */

export type Vec = Float64Array;

/** Eigen-decomposition of a symmetric matrix (cyclic Jacobi); returns eigenvalues and eigenvectors (columns), sorted descending. */
export function symmetricEigen(a0: Float64Array, d: number): { values: number[]; vectors: Float64Array } {
  const a = Float64Array.from(a0);
  const v = new Float64Array(d * d);
  for (let i = 0; i < d; i++) v[i * d + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < d; p++) for (let q = p + 1; q < d; q++) off += a[p * d + q]! ** 2;
    if (off < 1e-20) break;
    for (let p = 0; p < d; p++) {
      for (let q = p + 1; q < d; q++) {
        const apq = a[p * d + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * d + q]! - a[p * d + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < d; k++) {
          const akp = a[k * d + p]!;
          const akq = a[k * d + q]!;
          a[k * d + p] = c * akp - s * akq;
          a[k * d + q] = s * akp + c * akq;
        }
        for (let k = 0; k < d; k++) {
          const apk = a[p * d + k]!;
          const aqk = a[q * d + k]!;
          a[p * d + k] = c * apk - s * aqk;
          a[q * d + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < d; k++) {
          const vkp = v[k * d + p]!;
          const vkq = v[k * d + q]!;
          v[k * d + p] = c * vkp - s * vkq;
          v[k * d + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: d }, (_, i) => i).sort((i, j) => a[j * d + j]! - a[i * d + i]!);
  const vectors = new Float64Array(d * d);
  order.forEach((src, dst) => {
    for (let k = 0; k < d; k++) vectors[k * d + dst] = v[k * d + src]!;
  });
  return { values: order.map((i) => a[i * d + i]!), vectors };
}

export function sqDist(a: Vec, b: Vec): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) {
    const t = a[j]! - b[j]!;
    s += t * t;
  }
  return s;
}

/** Solve for the inverse of a symmetric positive definite matrix (Gauss-Jordan with partial pivoting). */
export function invert(m: Float64Array, d: number): Float64Array {
  const a = Float64Array.from(m);
  const inv = new Float64Array(d * d);
  for (let i = 0; i < d; i++) inv[i * d + i] = 1;
  for (let c = 0; c < d; c++) {
    let p = c;
    for (let r = c + 1; r < d; r++) if (Math.abs(a[r * d + c]!) > Math.abs(a[p * d + c]!)) p = r;
    if (p !== c) {
      for (let k = 0; k < d; k++) {
        let t = a[c * d + k]!;
        a[c * d + k] = a[p * d + k]!;
        a[p * d + k] = t;
        t = inv[c * d + k]!;
        inv[c * d + k] = inv[p * d + k]!;
        inv[p * d + k] = t;
      }
    }
    const piv = a[c * d + c]! || 1e-12;
    for (let k = 0; k < d; k++) {
      a[c * d + k]! /= piv;
      inv[c * d + k]! /= piv;
    }
    for (let r = 0; r < d; r++) {
      if (r === c) continue;
      const f = a[r * d + c]!;
      if (f === 0) continue;
      for (let k = 0; k < d; k++) {
        a[r * d + k]! -= f * a[c * d + k]!;
        inv[r * d + k]! -= f * inv[c * d + k]!;
      }
    }
  }
  return inv;
}

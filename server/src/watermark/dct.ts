/** Orthonormal 8x8 DCT-II, written here because it is 30 lines and every npm one is larger. */
const N = 8;

/** BASIS[u * 8 + x] = c(u) cos((2x + 1) u pi / 16): the rows of the DCT matrix. */
const BASIS = new Float64Array(N * N);
for (let u = 0; u < N; u++) {
  const scale = u === 0 ? Math.sqrt(1 / N) : Math.sqrt(2 / N);
  for (let x = 0; x < N; x++) BASIS[u * N + x] = scale * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
}

/** Forward DCT of the 8x8 block at (x0, y0) of a plane `width` wide, into `out` (64 values). */
export function dctBlock(
  plane: Float32Array,
  width: number,
  x0: number,
  y0: number,
  out: Float64Array,
): void {
  const tmp = new Float64Array(N * N);
  for (let y = 0; y < N; y++) {
    const row = (y0 + y) * width + x0;
    for (let u = 0; u < N; u++) {
      let sum = 0;
      for (let x = 0; x < N; x++) sum += BASIS[u * N + x]! * plane[row + x]!;
      tmp[y * N + u] = sum;
    }
  }
  for (let v = 0; v < N; v++)
    for (let u = 0; u < N; u++) {
      let sum = 0;
      for (let y = 0; y < N; y++) sum += BASIS[v * N + y]! * tmp[y * N + u]!;
      out[v * N + u] = sum;
    }
}

/** Inverse DCT of 64 coefficients (index v * 8 + u), added into the plane at (x0, y0). */
export function addInverseBlock(
  coef: Float64Array,
  plane: Float32Array,
  width: number,
  x0: number,
  y0: number,
): void {
  const tmp = new Float64Array(N * N);
  for (let v = 0; v < N; v++)
    for (let x = 0; x < N; x++) {
      let sum = 0;
      for (let u = 0; u < N; u++) sum += BASIS[u * N + x]! * coef[v * N + u]!;
      tmp[v * N + x] = sum;
    }
  for (let y = 0; y < N; y++) {
    const row = (y0 + y) * width + x0;
    for (let x = 0; x < N; x++) {
      let sum = 0;
      for (let v = 0; v < N; v++) sum += BASIS[v * N + y]! * tmp[v * N + x]!;
      plane[row + x]! += sum;
    }
  }
}

import sharp from 'sharp';

/**
 * A 64-bit DCT perceptual hash (pHash) of the central 80% of the image, so that the tracer can
 * find which upload a leaked copy came from. The central crop makes a copy cut by 10% per
 * edge see mostly the same content; grey 32x32 then the 8x8 lowest frequencies (no DC)
 * against their median survive recompression, resize and colour changes. The 64 bits come as
 * a signed 64-bit value, the range of a PostgreSQL bigint. With `whole`, of the whole image: a
 * copy cut by a tenth per edge is about the original's central 80%, so the tracer also hashes a
 * suspect whole.
 */
export async function perceptualHash(
  image: Buffer,
  options: { whole?: boolean } = {},
): Promise<bigint> {
  const meta = await sharp(image).rotate().metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  const margin = options.whole ? 0 : 0.1;
  const left = Math.floor(width * margin);
  const top = Math.floor(height * margin);
  const { data } = await sharp(image)
    .rotate()
    .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
    .greyscale()
    .resize(32, 32, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const coefficients: number[] = [];
  for (let v = 0; v < 8; v++)
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let y = 0; y < 32; y++)
        for (let x = 0; x < 32; x++)
          sum +=
            data[y * 32 + x]! *
            Math.cos(((2 * x + 1) * u * Math.PI) / 64) *
            Math.cos(((2 * y + 1) * v * Math.PI) / 64);
      coefficients.push(sum);
    }
  const ac = coefficients.slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)]!;
  let hash = 0n;
  for (const c of coefficients) hash = (hash << 1n) | (c > median ? 1n : 0n);
  // Signed, as PostgreSQL's bigint keeps it: the bits are what count, not the number.
  return BigInt.asIntN(64, hash);
}

/** Bits differing between two hashes: about 32 for unrelated images, a few for copies of one. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}

import { dctBlock } from './dct.ts';
import { blockSigns, CODE_BITS, codeOf, COEFFS, patternOf, PAYLOAD_BITS, TILE } from './pattern.ts';
import { decodeRgb, lumaOf } from './pixels.ts';
import { register } from './register.ts';
import { binomialTail, twoSidedNormalTail } from './stats.ts';

export type TraceResult = {
  found: boolean;
  payload?: number;
  /** Code bits (of 40) read with |z| >= Z_STRONG, i.e. clearly above chance. */
  bitsAgreeing: number;
  bitsTotal: number;
  /** Chance that an unmarked or unrelated copy reads this well and passes the CRC. */
  falseMatchProbability: number;
};

/** A bit is "strong" when its correlation is this many standard deviations from zero. */
const Z_STRONG = 2;
/** Above this, the tracer says "not found" even when the CRC matches. */
const MAX_FALSE_MATCH = 1e-9;

/**
 * Non-blind read: registers the suspect to the original, removes the original (after a
 * gain/offset fit, which also undoes contrast and brightness changes) and correlates each
 * bit's coefficients with the keyed signs. Each bit's z is self-normalised (sum / sqrt of
 * sum of squares), so under "no mark" it is about N(0, 1) whatever the image.
 */
export async function traceMark(
  suspect: Buffer,
  original: Buffer,
  key: Buffer,
): Promise<TraceResult> {
  const orig = await decodeRgb(original);
  const aligned = await register(await decodeRgb(suspect), orig);
  const luma = lumaOf(orig);
  const { gain } = fitGain(aligned, luma, orig.width);
  const pattern = patternOf(key);
  const blocksX = Math.floor(orig.width / 8);
  const signs = blockSigns(key, blocksX, Math.floor(orig.height / 8));
  const sum = new Float64Array(CODE_BITS);
  const squares = new Float64Array(CODE_BITS);
  const a = new Float64Array(64);
  const b = new Float64Array(64);
  for (let by = Math.ceil(aligned.y0 / 8) * 8; by + 8 <= aligned.y0 + aligned.height; by += 8)
    for (let bx = Math.ceil(aligned.x0 / 8) * 8; bx + 8 <= aligned.x0 + aligned.width; bx += 8) {
      dctBlock(aligned.luma, aligned.width, bx - aligned.x0, by - aligned.y0, a);
      dctBlock(luma, orig.width, bx, by, b);
      const slot = ((by / 8) % TILE) * TILE + ((bx / 8) % TILE);
      const bit = pattern.bit[slot]!;
      const block = (by / 8) * blocksX + bx / 8;
      COEFFS.forEach((c, k) => {
        const chip = (a[c]! - gain * b[c]!) * signs[block * COEFFS.length + k]!;
        sum[bit]! += chip;
        squares[bit]! += chip * chip;
      });
    }
  return decide(sum, squares, aligned.candidates);
}

function decide(sum: Float64Array, squares: Float64Array, candidates: number): TraceResult {
  let payload = 0;
  let crc = 0;
  let strong = 0;
  for (let i = 0; i < CODE_BITS; i++) {
    const z = squares[i]! > 0 ? sum[i]! / Math.sqrt(squares[i]!) : 0;
    if (Math.abs(z) >= Z_STRONG) strong++;
    const one = z > 0 ? 1 : 0;
    if (i < PAYLOAD_BITS) payload = payload * 2 + one;
    else crc = crc * 2 + one;
  }
  const crcOk = codeOf(payload).every(
    (bit, i) => i < PAYLOAD_BITS || bit === ((crc >>> (CODE_BITS - 1 - i)) & 1 ? 1 : -1),
  );
  // Chance for noise: this many strong bits out of 40, times the CRC passing (1/256), times the alignments tried.
  const falseMatchProbability = Math.min(
    1,
    (candidates * binomialTail(CODE_BITS, strong, twoSidedNormalTail(Z_STRONG))) / 256,
  );
  const found = crcOk && falseMatchProbability < MAX_FALSE_MATCH;
  return {
    found,
    payload: found ? payload >>> 0 : undefined,
    bitsAgreeing: strong,
    bitsTotal: CODE_BITS,
    falseMatchProbability,
  };
}

/** Least-squares gain of the suspect against the original over the region they share. */
function fitGain(
  aligned: { luma: Float32Array; x0: number; y0: number; width: number; height: number },
  luma: Float32Array,
  width: number,
) {
  let sx = 0,
    sy = 0,
    sxx = 0,
    sxy = 0,
    n = 0;
  for (let y = 0; y < aligned.height; y += 2)
    for (let x = 0; x < aligned.width; x += 2) {
      const o = luma[(y + aligned.y0) * width + x + aligned.x0]!;
      const s = aligned.luma[y * aligned.width + x]!;
      sx += o;
      sy += s;
      sxx += o * o;
      sxy += o * s;
      n++;
    }
  const gain = n > 0 ? (sxy - (sx * sy) / n) / Math.max(1e-9, sxx - (sx * sx) / n) : 1;
  return { gain };
}

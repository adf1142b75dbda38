import { createHmac } from 'node:crypto';

/** Payload bits plus the CRC-8 that makes a random read come out "not found" (1 in 256 alone). */
export const PAYLOAD_BITS = 32;
export const CODE_BITS = PAYLOAD_BITS + 8;
/** Blocks per tile edge: a tile is 32x32 blocks (256 px), so a 10% crop of a photo still holds whole tiles. */
export const TILE = 32;
/** Mid-frequency coefficients (index v * 8 + u, 2 <= u + v <= 4): they survive JPEG and are hard to see. */
export const COEFFS: readonly number[] = (() => {
  const list: number[] = [];
  for (let v = 0; v < 8; v++)
    for (let u = 0; u < 8; u++) if (u + v >= 2 && u + v <= 4) list.push(v * 8 + u);
  return list;
})();

/** Where the key puts every bit: per tile slot, its code bit. */
export type Pattern = { bit: Uint8Array };

/** A keyed byte stream: HMAC-SHA256 in counter mode, so nobody without the key can read or forge a mark. */
function keyedBytes(key: Buffer, label: string, length: number): Buffer {
  const chunks: Buffer[] = [];
  for (let counter = 0; chunks.length * 32 < length; counter++)
    chunks.push(createHmac('sha256', key).update(`${label}:${counter}`).digest());
  return Buffer.concat(chunks).subarray(0, length);
}

const cache = new Map<string, Pattern>();

export function patternOf(key: Buffer): Pattern {
  const id = key.toString('hex');
  const known = cache.get(id);
  if (known) return known;
  const slots = TILE * TILE;
  // A keyed shuffle of the slots, dealt round-robin to the bits: every bit gets slots all over the tile.
  const order = Array.from({ length: slots }, (_, i) => i);
  const random = keyedBytes(key, 'shuffle', slots * 4);
  for (let i = slots - 1; i > 0; i--) {
    const j = random.readUInt32LE(i * 4) % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const bit = new Uint8Array(slots);
  order.forEach((slot, rank) => (bit[slot] = rank % CODE_BITS));
  const pattern = { bit };
  if (cache.size > 16) cache.clear();
  cache.set(id, pattern);
  return pattern;
}

const signCache = new Map<string, Int8Array>();

/**
 * One keyed sign per coefficient of every block of a `blocksX` x `blocksY` grid (index
 * (row * blocksX + column) * COEFFS.length + k). The signs follow the block's place in the whole
 * image, not in its tile: the tracer registers a copy onto the original's grid, so it knows
 * every block's place, and with signs that never repeat a wrong key's reading of the tiles is
 * independent noise (repeated signs made each bit's z grow with the number of tiles).
 */
export function blockSigns(key: Buffer, blocksX: number, blocksY: number): Int8Array {
  const id = `${key.toString('hex')}:${blocksX}x${blocksY}`;
  const known = signCache.get(id);
  if (known) return known;
  const count = blocksX * blocksY * COEFFS.length;
  const bytes = keyedBytes(key, `signs:${blocksX}x${blocksY}`, Math.ceil(count / 8));
  const signs = new Int8Array(count);
  for (let i = 0; i < count; i++) signs[i] = (bytes[i >> 3]! >> (i & 7)) & 1 ? 1 : -1;
  if (signCache.size > 8) signCache.clear();
  signCache.set(id, signs);
  return signs;
}

/** CRC-8 (polynomial 0x07) of the 32 payload bits. */
export function crc8(payload: number): number {
  let crc = 0;
  for (let i = 3; i >= 0; i--) {
    crc ^= (payload >>> (i * 8)) & 0xff;
    for (let b = 0; b < 8; b++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/** The 40 code bits (payload MSB first, then CRC) as +1 / -1. */
export function codeOf(payload: number): Int8Array {
  const bits = new Int8Array(CODE_BITS);
  const crc = crc8(payload);
  for (let i = 0; i < PAYLOAD_BITS; i++) bits[i] = (payload >>> (31 - i)) & 1 ? 1 : -1;
  for (let i = 0; i < 8; i++) bits[PAYLOAD_BITS + i] = (crc >>> (7 - i)) & 1 ? 1 : -1;
  return bits;
}

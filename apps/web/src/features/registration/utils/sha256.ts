/**
 * A small synchronous SHA-256 (FIPS 180-4) for the captcha search. `crypto.subtle.digest` is
 * asynchronous, and one promise per try makes the search several times slower than hashing
 * the short inputs in plain JavaScript; results are checked against known vectors in tests.
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H0 = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

const schedule = new Uint32Array(64);

/** Runs the compression function on one 64-byte block (16 big-endian words) over `state`. */
function compress(state: Int32Array, block: Uint32Array): void {
  const w = schedule;
  w.set(block);
  for (let i = 16; i < 64; i += 1) {
    const w15 = w[i - 15]!;
    const w2 = w[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i += 1) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + s1 + ch + K[i]! + w[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + s0 + maj) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/** Splits padded bytes into big-endian words. */
function blockAt(bytes: Uint8Array, offset: number, out: Uint32Array): Uint32Array {
  for (let i = 0; i < 16; i += 1) {
    const j = offset + i * 4;
    out[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
  }
  return out;
}

const searchState = new Int32Array(8);

/**
 * The first 32 bits of SHA-256 of `length` (≤ 55) bytes held in `message`, a 64-byte buffer whose
 * bytes after `length` the function overwrites with the padding. Enough to count up to 32 zero
 * bits, without allocating: the captcha search calls it hundreds of thousands of times.
 */
export function firstWordOfShortMessage(
  message: Uint8Array,
  length: number,
  block: Uint32Array,
): number {
  message[length] = 0x80;
  message.fill(0, length + 1, 62);
  message[62] = ((length * 8) >>> 8) & 0xff;
  message[63] = (length * 8) & 0xff;
  searchState.set(H0);
  compress(searchState, blockAt(message, 0, block));
  return searchState[0]! >>> 0;
}

/** SHA-256 of `bytes`. */
export function sha256(bytes: Uint8Array): Uint8Array {
  const bitLength = bytes.length * 8;
  const padded = new Uint8Array((((bytes.length + 8) >> 6) + 1) << 6);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const state = Int32Array.from(H0);
  const block = new Uint32Array(16);
  for (let offset = 0; offset < padded.length; offset += 64) {
    compress(state, blockAt(padded, offset, block));
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  state.forEach((value, i) => outView.setUint32(i * 4, value >>> 0));
  return out;
}

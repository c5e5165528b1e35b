import { createHmac } from "node:crypto";

/** RFC 6238 code (HMAC-SHA1, 30 s, 6 digits) from a base32 secret, as an authenticator app computes it. */
export function totp(secretBase32: string, now = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secretBase32.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)));
  const digest = createHmac("sha1", key).update(counter).digest();
  const offset = digest[digest.length - 1] & 0xf;
  const code = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, "0");
}

/**
 * A code the server accepts now (previous, current or next 30 s step) that is none of `used`: a code
 * completes one sign-in only, so a test that already spent the current one takes a neighbour.
 */
export function unusedTotp(secretBase32: string, used: readonly string[], now = Date.now()): string {
  return [0, 30_000, -30_000].map((shift) => totp(secretBase32, now + shift)).find((code) => !used.includes(code))!;
}

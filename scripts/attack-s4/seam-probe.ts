// Measurement: the page's platform seam against Node's on the edge cases an attacker controls.
// Inflate (pako in the page, zlib in Node): trailing data, a second stream, bad or missing Adler-32, truncation,
// raw deflate, a small or invalid window, output exactly at and one past the bound. ECDSA DER strictness (noble
// in the page, OpenSSL in Node) on P-256 and brainpoolP256r1 with SHA-224 (the table's direct path): long-form
// lengths, an extra leading zero, trailing bytes. Every case gives the same answer on both platforms, but RSA with
// SHA-224 and SHA-3, which the page does not verify at all (B1).
//   npx tsx scripts/attack-s4/seam-probe.ts
import { deflateRawSync, deflateSync } from "node:zlib";
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import * as nodeInflate from "../../src/platform/inflate.js";
import * as webInflate from "../../web/platform/inflate.js";
import * as nodeCrypto from "../../src/platform/crypto.js";
import * as webCrypto from "../../web/platform/crypto.js";

let diffs = 0;
const report = (what: string, a: string, b: string) => {
  if (a !== b) diffs++;
  console.log(`${a === b ? "same" : "DIFF"} ${what}: node=${a} page=${b}`);
};
const inflateWith = (f: typeof nodeInflate.inflateBounded, v: Uint8Array, max: number) => {
  try {
    return `ok ${f(v, max).length}`;
  } catch (e) {
    return `${(e as Error).constructor.name}: ${(e as Error).message}`;
  }
};
const text = Buffer.from("BT /F1 12 Tf (Husleje: 9.500 kr.) Tj ET\n".repeat(3));
const z = deflateSync(text);
const big = Buffer.concat([randomBytes(300), Buffer.alloc(200_000, 0x41)]);
const zb = deflateSync(big);
const header = (cmf: number, src: Buffer) => {
  const out = Buffer.from(src);
  out[0] = cmf;
  const flg = out[1]! & 0xe0;
  out[1] = flg | ((31 - ((cmf * 256 + flg) % 31)) % 31);
  return out;
};
const inflateCases: [string, Uint8Array, number][] = [
  ["valid", z, 1 << 20],
  ["trailing garbage", Buffer.concat([z, Buffer.from("GARBAGE")]), 1 << 20],
  ["second stream", Buffer.concat([z, deflateSync(Buffer.from("SECOND"))]), 1 << 20],
  ["bad Adler-32", Buffer.concat([z.subarray(0, -1), Buffer.from([z.at(-1)! ^ 1])]), 1 << 20],
  ["no Adler-32", z.subarray(0, -4), 1 << 20],
  ["half Adler-32", z.subarray(0, -2), 1 << 20],
  ["truncated", z.subarray(0, -8), 1 << 20],
  ["raw deflate", deflateRawSync(text), 1 << 20],
  ["empty", new Uint8Array(0), 1 << 20],
  ["window 256 B, far distances", header(0x08, zb), 1 << 20],
  ["window > 32 KiB", header(0x88, zb), 1 << 20],
  ["bound - 1", zb, big.length - 1],
  ["bound exact", zb, big.length],
];
for (const [what, data, max] of inflateCases)
  report(`inflate ${what}`, inflateWith(nodeInflate.inflateBounded, data, max), inflateWith(webInflate.inflateBounded, data, max));

for (const curve of ["prime256v1", "brainpoolP256r1"]) {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: curve });
  const spki = new Uint8Array(publicKey.export({ type: "spki", format: "der" }));
  const data = Buffer.from("hello");
  const der = new Uint8Array(sign("sha224", data, { key: privateKey, dsaEncoding: "der" }));
  const rl = der[3]!;
  const r = der.subarray(4, 4 + rl);
  const s = der.subarray(6 + rl, 6 + rl + der[5 + rl]!);
  const int = (x: Uint8Array, pad = 0) => {
    const v = Buffer.concat([Buffer.alloc(pad), x]);
    return Buffer.concat([Buffer.from([2, v.length]), v]);
  };
  const seq = (body: Buffer, long = false) => Buffer.concat([Buffer.from(long ? [0x30, 0x81, body.length] : [0x30, body.length]), body]);
  const variants: Record<string, Uint8Array> = {
    canonical: der,
    "long-form length": seq(Buffer.concat([int(r), int(s)]), true),
    "extra leading zero": seq(Buffer.concat([int(r, 1), int(s)])),
    "trailing byte": Buffer.concat([der, Buffer.from([0])]),
  };
  const nk = nodeCrypto.publicKeyFromSpki(spki);
  const wk = webCrypto.publicKeyFromSpki(spki);
  for (const [k, sig] of Object.entries(variants)) {
    const run = async (f: () => boolean | Promise<boolean>) => {
      try {
        return String(await f());
      } catch (e) {
        return `throws ${(e as Error).message}`;
      }
    };
    report(
      `ECDSA ${curve} SHA-224 ${k}`,
      await run(() => nodeCrypto.verifySignature("sha224", data, nk, sig, "der")),
      await run(() => webCrypto.verifySignature("sha224", data, wk, sig, "der")),
    );
  }
}
// RSA PKCS #1 v1.5 with every hash of the table: the page verifies RSA with WebCrypto's SHA-1/SHA-2 only (B1).
{
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const spki = new Uint8Array(publicKey.export({ type: "spki", format: "der" }));
  const data = Buffer.from("hello");
  for (const hash of ["sha256", "sha512", "sha224", "sha3-256", "sha3-512"]) {
    const sig = new Uint8Array(sign(hash, data, privateKey));
    const run = async (f: () => boolean | Promise<boolean>) => {
      try {
        return String(await f());
      } catch (e) {
        return `throws ${(e as Error).constructor.name}`;
      }
    };
    report(
      `RSA PKCS#1 ${hash}`,
      await run(() => nodeCrypto.verifySignature(hash, data, nodeCrypto.publicKeyFromSpki(spki), sig, "pkcs1")),
      await run(() => webCrypto.verifySignature(hash, data, webCrypto.publicKeyFromSpki(spki), sig, "pkcs1")),
    );
  }
}
console.log(diffs ? `${diffs} difference(s)` : "no difference");

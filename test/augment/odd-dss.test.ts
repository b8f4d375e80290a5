// a8 A4: augment read the latest DSS strictly (readDss) and decoded its streams outside any try: one junk entry
// (a stream in a filter it did not decode) or a DSS of an odd shape (`/DSS 5`, `/OCSPs 7`, `/VRI 7`, a VRI entry
// `3`), which anyone can append and `verify` reads past, ended renewal in "internal error ... please report this".
// The writer now reads the DSS leniently (at worst an item is written again) and every such archive renews.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOcspResponse, startTsa, type Loopback, type TsaMode } from "../../scripts/generator/index.js";
import { appendDssEntries } from "../../scripts/generator/dss-entries.js";
import { dict, name } from "../../src/augment/writer.js";
import { withDss } from "../../scripts/attack36/lib.js";
import { oddDss } from "../../scripts/attack-s6/lib.js";
import { sealGap, withSealContents } from "../../scripts/attack36/lib.js";
import { minimalSigner, withSigners } from "../../scripts/attack-s9/lib.js";
import { withRepeatedStream } from "../../scripts/attack-s8/lib.js";
import { augmentArchive } from "../../src/api/internal.js";
import { verifyArchive } from "../../src/index.js";
import { tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const pki = testPki();
const NOW = new Date("2026-03-01T12:00:00Z");
let tsa: Loopback & { mode: TsaMode };
let ocspFile: string;
const sample = () => new Uint8Array(readFileSync("samples/valid/archive.pdf"));

beforeAll(async () => {
  tsa = await startTsa(pki.tsa, { clock: () => NOW });
  ocspFile = join(tempDir("augment-odd-"), "tsa.ocsp.der");
  writeFileSync(ocspFile, createOcspResponse({ subject: pki.tsa, issuer: pki.tsaRoot, responder: pki.tsaRoot, producedAt: NOW, thisUpdate: NOW }));
}, 60_000);
afterAll(async () => {
  await tsa?.close();
});

const files: [string, () => Uint8Array][] = [
  ["/DSS 5", () => oddDss(sample(), "dss-number")],
  ["/OCSPs 7", () => oddDss(sample(), "ocsps-number")],
  ["/VRI 7", () => oddDss(sample(), "vri-number")],
  ["a VRI entry 3", () => oddDss(sample(), "vri-entry-number")],
  [
    "a junk OCSP entry (two bytes of ASCIIHex)",
    () =>
      appendDssEntries(withDss(sample(), { certs: [pki.tsaRoot.der] }), 1, (num) => ({
        num,
        raw: "<< /Filter /ASCIIHexDecode /Length 5 >>\nstream\n0A0B>\nendstream",
      })),
  ],
  [
    "a Flate stream that does not inflate",
    () =>
      appendDssEntries(withDss(sample(), { certs: [pki.tsaRoot.der] }), 1, (num) => ({
        num,
        stream: new TextEncoder().encode("not zlib data"),
        dict: dict({ Filter: name("FlateDecode") }),
      })),
  ],
];

describe("augment on a DSS anyone appended junk to (a8 A4)", () => {
  it.each(files)(
    "%s: renewed to B-LTA, TOTAL-PASSED",
    async (_, make) => {
      const file = join(tempDir("augment-odd-"), "archive.pdf");
      writeFileSync(file, make());
      const r = await augmentArchive({ evidence: file, tsa: tsa.url, trust: [trustDirectory()], ocsp: [ocspFile], now: NOW });
      expect(r.report.indication).toBe("TOTAL-PASSED");
      const out = join(tempDir("augment-odd-"), "renewed.pdf");
      writeFileSync(out, r.bytes);
      const after = await verifyArchive({ evidence: out, trust: [trustDirectory()], at: NOW.toISOString() });
      expect([after.indication, after.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-LTA"]);
    },
    60_000,
  );
});

// a11 A4b: the writer decoded every listed reference again (each decode counted against maxTotalDecodedBytes) and
// rethrew the limit: one stream listed 20 times blocked renewal with "internal error ... please report this".
describe("augment on a DSS listing one stream many times (a11 A4b)", () => {
  it("a 4 MB stream listed 20 times, 40 MB of decoding allowed: renewed to B-LTA (was an internal error)", async () => {
    const file = join(tempDir("augment-odd-"), "archive.pdf");
    writeFileSync(file, withRepeatedStream(sample(), new Uint8Array(4 * 1024 * 1024), 20));
    const r = await augmentArchive({
      evidence: file,
      tsa: tsa.url,
      trust: [trustDirectory()],
      ocsp: [ocspFile],
      now: NOW,
      limits: { maxTotalDecodedBytes: 40 * 1024 * 1024 },
    });
    expect(r.report.indication).toBe("TOTAL-PASSED");
    const out = join(tempDir("augment-odd-"), "renewed.pdf");
    writeFileSync(out, r.bytes);
    const after = await verifyArchive({ evidence: out, trust: [trustDirectory()], at: NOW.toISOString() });
    expect([after.indication, after.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-LTA"]);
  }, 60_000);
});

// h8a's note on a13 S3d: augment reads signerInfos[0] of its own decode, which verify decides only when first.
// With an empty SignerInfo put first, readers (pdfsig, EU DSS) show the seal broken, verify does not decide (a18
// S4), and augment says so instead of "no signature timestamp".
describe("augment on a seal whose CMS carries an empty SignerInfo before its own (a13 S3d, a18 S4)", () => {
  it("refused, naming the seal's signature as not decided; the same SignerInfo after its own: renewed", async () => {
    const pdf = sample();
    const cms = sealGap(pdf).der;
    const file = join(tempDir("augment-odd-"), "archive.pdf");
    writeFileSync(file, withSealContents(pdf, withSigners(cms, [minimalSigner(cms)], true)));
    await expect(augmentArchive({ evidence: file, tsa: tsa.url, trust: [trustDirectory()], ocsp: [ocspFile], now: NOW })).rejects.toThrow(
      /the seal's signature is not decided \(INDETERMINATE\/FORMAT_FAILURE\): .*its first SignerInfo is not one that verifies/,
    );
    writeFileSync(file, withSealContents(pdf, withSigners(cms, [minimalSigner(cms)], false)));
    const r = await augmentArchive({ evidence: file, tsa: tsa.url, trust: [trustDirectory()], ocsp: [ocspFile], now: NOW });
    expect(r.report.indication).toBe("TOTAL-PASSED");
    const out = join(tempDir("augment-odd-"), "renewed.pdf");
    writeFileSync(out, r.bytes);
    const after = await verifyArchive({ evidence: out, trust: [trustDirectory()], at: NOW.toISOString() });
    expect([after.indication, after.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-LTA"]);
  }, 60_000);
});

// attack-s6 G1: a DSS revocation item every reference reader decodes was "cannot be read" here, and attack-s5
// P1c's rule made that "said nothing": the CA's "revoked" was outvoted by the CMS "good" (TOTAL-PASSED, B-T),
// where EU DSS says INDETERMINATE/REVOKED_NO_POE. Each mode of scripts/attack-s6/dss-filter.ts: the CA's CRL stored
// with a standard filter (ASCIIHexDecode, ASCII85Decode, RunLengthDecode, LZWDecode, the abbreviation /Fl, a chain),
// as DER followed by a line end inside /Length, or as zlib without its Adler-32 trailer, is read as they read it;
// one no reader decodes (raw deflate under /FlateDecode, /DCTDecode) is named and ignored, as EU DSS ignores it (h10b).
// Scenario (attack-s5 P1c's): the seal revoked 08:06 (keyCompromise), sealed 08:36 with the CA's "good" of 07:36 in
// the CMS; the archivist's DSS holds the CA's CRL of 2025-12-10 listing the seal, under an archive timestamp.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { constants, deflateSync } from "node:zlib";
import { ascii85, runLength, toBer, withDssStreams } from "../../scripts/attack-s6/lib.js";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDocumentTimestamp, addDss, buildArchive, createCrl, createOcspResponse, TIMELINE } from "../../scripts/generator/index.js";
import { appendDssEntries } from "../../scripts/generator/dss-entries.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const P = testPki();
const sealing = TIMELINE.timestampAt;
const compromise = new Date(sealing.getTime() - 30 * 60_000);

let sealed: Uint8Array;
let crl: Uint8Array;
beforeAll(async () => {
  const cmsGood = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date(sealing.getTime() - 3600_000) });
  sealed = await addDss((await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [cmsGood] } } })).pdf, P, "table", { sealRevocation: false });
  crl = createCrl({
    issuer: P.sealRoot,
    number: 42,
    thisUpdate: new Date("2025-12-10T08:36:38Z"),
    nextUpdate: new Date("2025-12-17T08:36:38Z"),
    revoked: [{ serial: new Uint8Array(P.seal.cert.serialNumber.valueBlock.valueHexView), at: compromise }],
  });
}, 60_000);

const latin = (b: Uint8Array) => Buffer.from(b).toString("latin1");
const stream = (filter: string, data: string) => `<< ${filter} /Length ${Buffer.byteLength(data, "latin1")} >>\nstream\n${data}\nendstream`;

/** LZW (ISO 32000-1 §7.4.4) without compression: a clear code every 250 literals keeps the codes 9 bits wide. */
function lzwLiterals(b: Uint8Array): string {
  const codes: number[] = [];
  for (let i = 0; i < b.length; i++) {
    if (i % 250 === 0) codes.push(256);
    codes.push(b[i]!);
  }
  codes.push(257);
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const c of codes) {
    acc = (acc << 9) | c;
    bits += 9;
    while (bits >= 8) {
      out.push((acc >> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return latin(Uint8Array.from(out));
}

async function verifyWith(body: () => string, kind: "CRLs" | "OCSPs" = "CRLs") {
  const withCrl = appendDssEntries(sealed, 1, (num) => ({ num, raw: body() }), kind);
  const pdf = await addDocumentTimestamp(withCrl, P, new Date("2025-12-10T09:36:38Z"));
  const file = join(tempDir("sealcheck-g1-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()] });
}

describe("attack-s6 G1: a DSS item the reference readers decode is read here too", () => {
  const z = () => deflateSync(crl);
  const read: [string, () => string][] = [
    ["honest (FlateDecode)", () => stream("/Filter /FlateDecode", latin(z()))],
    [
      "hex (/ASCIIHexDecode)",
      () =>
        stream(
          "/Filter /ASCIIHexDecode",
          `${Buffer.from(crl)
            .toString("hex")
            .replace(/(.{64})/g, "$1\n")}>`,
        ),
    ],
    ["a85 (/ASCII85Decode)", () => stream("/Filter /ASCII85Decode", ascii85(crl))],
    ["rl (/RunLengthDecode)", () => stream("/Filter /RunLengthDecode", runLength(crl))],
    ["lzw (/LZWDecode)", () => stream("/Filter /LZWDecode", lzwLiterals(crl))],
    ["fl (the abbreviation /Fl)", () => stream("/Filter /Fl", latin(z()))],
    ["a chain (/AHx then /Fl)", () => stream("/Filter [/AHx /Fl]", `${Buffer.from(z()).toString("hex")}>`)],
    ["flate-truncated (no Adler-32 trailer)", () => stream("/Filter /FlateDecode", latin(z().subarray(0, z().length - 4)))],
    ["trailing (the DER followed by CR LF inside /Length)", () => `<< /Length ${crl.length + 2} >>\nstream\n${latin(crl)}\r\n\nendstream`],
  ];
  for (const [label, body] of read) {
    it(`${label}: the CA's CRL counts, TOTAL-FAILED/REVOKED, B-LTA (was TOTAL-PASSED, B-T)`, async () => {
      const r = await verifyWith(body);
      expect([r.indication, r.subIndication, r.seal?.padesLevel]).toEqual(["TOTAL-FAILED", "REVOKED", "B-LTA"]);
      expect(check(r, "seal-certificate").message).toMatch(/lists the certificate as revoked at 2025-12-08T08:06:38/);
    }, 60_000);
  }

  // h10b: a stream no reader decodes proves nothing, so it is named and ignored (was not decided). EU DSS reads the CA's
  // CRL out of neither of these two (TOTAL_PASSED at 2025-12-10T12:00Z; INDETERMINATE/REVOKED_NO_POE when it does).
  it("raw-deflate (no reader decodes it, EU DSS neither): named and ignored, the CMS's 'good' decides (was not decided)", async () => {
    const r = await verifyWith(() => stream("/Filter /FlateDecode", latin(z().subarray(2))));
    expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-T"]);
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("warning");
    expect(c.message).toMatch(/said nothing of: revision \d+ \/DSS \/CRLs \[0\] \(object \d+ 0 R\): the CRL does not decode: corrupt FlateDecode/);
    expect(c.message).toMatch(/what lenient readers \(PDFBox, qpdf\) read of it \(\d+ bytes\) does not have the shape of a CRL/);
  }, 60_000);

  it("an image filter (/DCTDecode) is refused by name, and no reader reads a CRL out of it: ignored as well", async () => {
    const r = await verifyWith(() => stream("/Filter /DCTDecode", latin(crl)));
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-certificate").message).toMatch(/unsupported stream filter \/DCTDecode, and no reader reads a CRL out of it/);
  }, 60_000);

  it("deflate data without its final block, which PDFBox and qpdf read: the CA's CRL is not decided, never passed", async () => {
    const r = await verifyWith(() => stream("/Filter /FlateDecode", latin(deflateSync(crl, { finishFlush: constants.Z_SYNC_FLUSH }))));
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(check(r, "seal-certificate").message).toMatch(/cannot read and another may \(.*read of it is a CRL \(\d+ bytes\) \(signed by /);
  }, 60_000);
});

// a10: G1 survived as BER. An item in BER framing (indefinite lengths, 5-byte lengths, split strings) was junk
// "without the DER shape of a CRL", so said nothing: TOTAL-PASSED, B-T, where EU DSS (BouncyCastle reads BER and
// verifies the DER) says INDETERMINATE/REVOKED_NO_POE. It is re-framed as DER and judged now.
describe("a10: a DSS item in BER framing is read as BouncyCastle reads it", () => {
  const plain = (b: Uint8Array) => () => `<< /Length ${b.length} >>\nstream\n${latin(b)}\nendstream`;
  const ber: [string, () => Uint8Array][] = [
    ["the outer SEQUENCE in indefinite length", () => toBer(crl, "indefinite", 1)],
    ["every constructed value in indefinite length (the signed tbsCertList too)", () => toBer(crl, "indefinite")],
    ["every length in 5 bytes", () => toBer(crl, "long")],
    ["the signature BIT STRING split into segments", () => toBer(crl, "split")],
  ];
  for (const [label, bytes] of ber) {
    it(`${label}: the CA's CRL counts, TOTAL-FAILED/REVOKED`, async () => {
      const r = await verifyWith(plain(bytes()));
      expect([r.indication, r.subIndication, r.seal?.padesLevel]).toEqual(["TOTAL-FAILED", "REVOKED", "B-LTA"]);
      expect(check(r, "seal-certificate").message).toMatch(/lists the certificate as revoked at 2025-12-08T08:06:38/);
    }, 60_000);
  }

  it("the CA's OCSP 'revoked' in indefinite length: counts, TOTAL-FAILED/REVOKED", async () => {
    const ocsp = createOcspResponse({
      subject: P.seal,
      issuer: P.sealRoot,
      responder: P.sealRoot,
      producedAt: new Date("2025-12-10T08:36:38Z"),
      status: { revokedAt: compromise, reason: 1 },
    });
    const r = await verifyWith(plain(toBer(ocsp, "indefinite")), "OCSPs");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    expect(check(r, "seal-certificate").message).toMatch(/revoked at 2025-12-08T08:06:38.000Z \(reason: keyCompromise\)/);
  }, 60_000);

  it("BER with a CRL's first tags that no CRL reader reads: junk, said nothing of (a13 U2: was not decided)", async () => {
    // SEQUENCE { SEQUENCE { INTEGER 0 } (no tbsCertList), SEQUENCE {}, BIT STRING }, indefinite: BouncyCastle's
    // TBSCertList refuses a SEQUENCE of one value, as pkijs does.
    const bytes = Uint8Array.from([0x30, 0x80, 0x30, 0x80, 0x02, 0x01, 0x00, 0, 0, 0x30, 0x00, 0x03, 0x01, 0x00, 0, 0]);
    const r = await verifyWith(plain(bytes));
    expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-T"]);
    expect(check(r, "seal-certificate").message).toMatch(/\/DSS \/CRLs \[0\] \(object \d+ 0 R\): the CRL cannot be decoded/);
  }, 60_000);

  it("BER with the outline BouncyCastle reads as a CRL, refused here, signed by nobody: said nothing of (a13 U2's rest: was not decided)", async () => {
    // tbsCertList { algorithm, issuer {}, thisUpdate, revokedCertificates { SEQUENCE {} } }: BC reads it (entries lazily),
    // but no issuer signed it, so no reader relies on it (the CA's own refused CRL: test/verify/unread-proof.test.ts).
    const der = Buffer.from("30363022300b06092a864886f70d01010b3000170d3235313230383038333633385a30023000300b06092a864886f70d01010b0303000102", "hex");
    const bytes = Uint8Array.from([0x30, 0x80, ...der.subarray(2), 0, 0]);
    const r = await verifyWith(plain(bytes));
    expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-T"]);
    expect(check(r, "seal-certificate").message).toMatch(
      /Of those, no issuer signed: revision \d+ \/DSS \/CRLs \[0\] \(object \d+ 0 R\): the CRL cannot be decoded.*no certificate of its issuer/,
    );
  }, 60_000);

  it("junk without a CRL's shape in BER either says nothing: the CMS's 'good' decides (TOTAL-PASSED, B-T)", async () => {
    const r = await verifyWith(plain(Uint8Array.from([0x30, 0x80, 0x02, 0x01, 0x00, 0, 0])));
    expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-T"]);
    expect(check(r, "seal-certificate").message).toMatch(/the CRL does not have the shape of a CRL, in DER or BER/);
  }, 60_000);
});

// a11 D3b and the depth note: derFramed ran on every DSS item off the DER shape, junk included (50 streams of 200,000
// BER values took 19 s), and a 140-byte certificate entry of 70 nested indefinite SEQUENCEs reached the depth limit:
// the whole DSS "not decided". Only what begins as its kind is re-framed, within one budget per reading; past it, or
// past a limit, such an item is not read: not decided for revocation data (a reader may read it), junk otherwise.
describe("a11 D3b: re-framing BER is bounded and never turns junk into a limit", () => {
  const verifySample = (pdf: Uint8Array) =>
    verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, originals: ["samples/valid/originals"], trust: ["samples/trust"] });
  const genuine = () => new Uint8Array(readFileSync("samples/valid/archive.pdf"));

  it("70 nested indefinite SEQUENCEs as a DSS certificate: junk, named; the genuine archive stays TOTAL-PASSED (was GENERIC)", async () => {
    const deep = Uint8Array.from([...Array.from({ length: 70 }, () => [0x30, 0x80]).flat(), ...Array.from({ length: 70 }, () => [0, 0]).flat()]);
    const r = await verifySample(withDssStreams(genuine(), { certs: [{ bytes: deep }] }));
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-certificate").message).toMatch(/the certificate cannot be re-framed from BER: .*nesting deeper than 64/);
  }, 60_000);

  it("BER junk that does not begin as its kind is junk at once; OCSP-like BER junk past the budget is junk too (a13 U2's rest: was not decided)", async () => {
    const values = 150_000;
    const ocspLike = new Uint8Array(7 + values * 2 + 2);
    ocspLike.set([0x30, 0x80, 0x0a, 0x01, 0x00]);
    for (let i = 0; i < values; i++) ocspLike.set([0x05, 0x00], 5 + 2 * i);
    const streams = Array.from({ length: 4 }, (_, i) => ({ bytes: Uint8Array.from([...ocspLike.subarray(0, 5), 0x02, 0x01, i, ...ocspLike.subarray(5)]) }));
    const r = await verifySample(withDssStreams(genuine(), { ocsps: streams }));
    // No OCSPResponse outline (a status and 150,000 NULLs), so no issuer signed it: named, said nothing of.
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-certificate").message).toMatch(/is in BER and past the budget of BER values this reading re-frames/);
    expect(check(r, "seal-certificate").message).not.toMatch(/another may/);
  }, 60_000);
});

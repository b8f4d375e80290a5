// a20 T2, C2: a timestamp token is evidence for the seal, outside its signature (the seal's signature timestamp is an
// unsigned attribute of its SignerInfo; a document timestamp's token is its own /Contents, outside its byte range).
// One that does not verify (a flipped byte, no SignerInfo, junk, another archive's token) or that readers attribute to
// another TSA (a twin of the TSA's certificate first among those its sid designates) proves no time, exactly like one
// that is absent: no proof of existence, no B-LTA, named in the timestamp check, never FAILED. Before: TOTAL-FAILED
// (SIG_CRYPTO_FAILURE, FORMAT_FAILURE, HASH_FAILURE) for the broken ones, TOTAL-PASSED B-LTA for the twin; EU DSS
// 5.13.1 TOTAL_PASSED for every one of them (B-B/B-T for the seal's token, B-T/B-LT/B-LTA for the document's).
import * as asn1js from "asn1js";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealGap, withSealContents } from "../../scripts/attack36/lib.js";
import { lastGap, mapUnsignedAttribute, withCmsField, withLastContents, withUnsignedAttribute } from "../../scripts/attack-s8/lib.js";
import { signedDataFields } from "../../scripts/attack-s9/lib.js";
import { encode, raw, seq } from "../../scripts/generator/der.js";
import { createTimestampToken } from "../../scripts/generator/cms.js";
import { startTsa, type Loopback } from "../../scripts/generator/index.js";
import { SealcheckError, verifyArchive } from "../../src/index.js";
import { augmentArchive } from "../../src/api/internal.js";
import { certificateDer } from "../../src/pki/certificate.js";
import { decodeSignedData, findSignerCertificate } from "../../src/pki/cms.js";
import { derChildren, readTlv } from "../../src/pki/der.js";
import { pkiSession } from "../../src/pki/session.js";
import type { ArchiveReport } from "../../src/report/archive-report.js";
import { check, testPki, trustDirectory } from "../helpers/fixtures.js";

const REAL = "test/fixtures/real/broker-example";
const AT = new Date("2025-12-08T09:35:10Z");
const TST = "1.2.840.113549.1.9.16.2.14";
const read = (f: string) => new Uint8Array(readFileSync(f));

/** The TSA's signature value's last byte flipped (the last byte of the token's signerInfos SET). */
function flipped(token: Uint8Array): Uint8Array {
  const f = signedDataFields(token);
  const set = Uint8Array.from(f.fields.at(-1)!);
  set[set.length - 1] = set[set.length - 1]! ^ 0x01;
  f.fields[f.fields.length - 1] = set;
  return f.rebuild(f.fields);
}
/** The token's signerInfos SET emptied. */
function emptied(token: Uint8Array): Uint8Array {
  const f = signedDataFields(token);
  f.fields[f.fields.length - 1] = encode(new asn1js.Set({ value: [] }));
  return f.rebuild(f.fields);
}
const junk = () => encode(new asn1js.OctetString({ valueHex: new Uint8Array(16) }));
/** The seal's signature timestamp token. */
function tokenOf(pdf: Uint8Array): Uint8Array {
  let t: Uint8Array | undefined;
  mapUnsignedAttribute(sealGap(pdf).der, TST, (x) => (t ??= Uint8Array.from(x)));
  return t!;
}
/**
 * A twin of the TSA's certificate (the one the token's sid designates): subject "Other Transact ST", key, issuer,
 * serial and extensions byte for byte, the CA's signature bytes copied; put first in the token's certificates.
 */
function twinFirst(token: Uint8Array): Uint8Array {
  const decoded = decodeSignedData(token, "the token", pkiSession(), true);
  const tsa = certificateDer(findSignerCertificate(decoded.signedData.signerInfos[0]!, decoded.certificates)!);
  const top = readTlv(tsa, 0, tsa.length)!;
  const [tbs, alg, sig] = derChildren(tsa, top.body, top.end)!.map((t) => tsa.subarray(t.start, t.end)) as [Uint8Array, Uint8Array, Uint8Array];
  const tbsTop = readTlv(tbs, 0, tbs.length)!;
  const fields = derChildren(tbs, tbsTop.body, tbsTop.end)!.map((t) => tbs.subarray(t.start, t.end));
  const at = fields[0]![0] === 0xa0 ? 1 : 0;
  const rdn = (oid: string, v: string) => new asn1js.Set({ value: [seq(new asn1js.ObjectIdentifier({ value: oid }), new asn1js.Utf8String({ value: v }))] });
  fields[at + 4] = encode(seq(rdn("2.5.4.10", "Other Transact"), rdn("2.5.4.3", "Other Transact ST")));
  const decoy = encode(seq(raw(encode(seq(...fields.map(raw)))), raw(alg), raw(sig)));
  return withCmsField(token, 0xa0, [decoy], true);
}

const real = (bytes: Uint8Array) => verifyArchive({ evidence: { name: "archive.pdf", bytes }, trust: [`${REAL}/trust`], at: AT });
const sample = (bytes: Uint8Array) => verifyArchive({ evidence: { name: "archive.pdf", bytes }, trust: [trustDirectory()] });
const noneFailed = (r: ArchiveReport) => expect(r.checks.filter((c) => c.status === "failed").map((c) => c.id)).toEqual([]);

describe("a20 T2, C2: the seal's signature timestamp that proves nothing is as if absent", () => {
  it.each([
    ["its TSA signature broken (one byte)", flipped, "failed", "SIG_CRYPTO_FAILURE", /The TSA's signature on the timestamp does not verify/],
    ["no SignerInfo", emptied, "failed", "FORMAT_FAILURE", /the timestamp token has no SignerInfo/],
    ["junk in its place", junk, "failed", "FORMAT_FAILURE", /not a CMS SignedData/],
    ["another archive's genuine token", () => tokenOf(read("samples/valid/archive.pdf")), "failed", "HASH_FAILURE", /belongs to other data/],
    ["a twin of the TSA's certificate first (C2)", twinFirst, "indeterminate", "FORMAT_FAILURE", /first certificate of the token .*\("Other Transact ST"\)/],
  ] as const)(
    "the real archive at its sealing time, %s: INDETERMINATE/NO_POE and B-B, as without the token (was TOTAL-FAILED or, C2, TOTAL-PASSED)",
    async (_, change, status, sub, text) => {
      const pdf = read(`${REAL}/archive.pdf`);
      const r = await real(withSealContents(pdf, mapUnsignedAttribute(sealGap(pdf).der, TST, change)));
      expect([r.indication, r.subIndication, r.decidedBy, r.seal?.padesLevel]).toEqual(["INDETERMINATE", "NO_POE", ["seal-timestamp"], "B-B"]);
      noneFailed(r);
      const c = check(r, "seal-timestamp");
      expect([c.status, c.subIndication, c.judgedAt]).toEqual(["indeterminate", "NO_POE", undefined]);
      expect(c.message).toMatch(/^The seal's signature timestamp proves no time: /);
      expect(c.message).toMatch(text);
      expect(c.details?.provesNothing).toMatchObject([{ status, subIndication: sub }]);
      expect(r.seal?.timestamp).toBeNull();
      expect(r.longTerm?.proofsOfExistence).toEqual([]);
    },
    60_000,
  );

  it("the genuine real archive at its sealing time: TOTAL-PASSED, B-T (the control)", async () => {
    const r = await real(read(`${REAL}/archive.pdf`));
    expect([r.indication, r.seal?.padesLevel, check(r, "seal-timestamp").status]).toEqual(["TOTAL-PASSED", "B-T", "passed"]);
  }, 60_000);

  it("a broken token beside the genuine one: a warning naming it, the genuine one proves the time (B-T)", async () => {
    const pdf = read("samples/valid/archive.pdf");
    const cms = sealGap(pdf).der;
    const attribute = encode(seq(new asn1js.ObjectIdentifier({ value: TST }), new asn1js.Set({ value: [raw(flipped(tokenOf(pdf)))] })));
    const r = await verifyArchive({
      evidence: { name: "archive.pdf", bytes: withSealContents(pdf, withUnsignedAttribute(cms, attribute)) },
      originals: ["samples/valid/originals"],
      trust: [trustDirectory()],
    });
    expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-T"]);
    const c = check(r, "seal-timestamp");
    expect(c.status).toBe("warning");
    expect(c.message).toMatch(/Beside it, 1 other signature timestamp\(s\) prove no time \(The TSA's signature on the timestamp does not verify\)/);
    expect(r.seal?.timestamp?.genTime).toBe(check(r, "seal-timestamp").judgedAt);
  }, 60_000);
});

// a22 D1: a token of a trusted TSA over the seal's own signature value, genuine, whose genTime is before a time the
// seal claims under its signature (/M, the sealed token's iat): a TSA's wrong clock, or a token made later and
// backdated. One of the two clocks is wrong, so it proves no time for this seal: as if absent, never FAILED. Before:
// TOTAL-FAILED (token-claims FORMAT_FAILURE "iat after the seal's timestamp"; before the seal certificate's notBefore,
// NOT_YET_VALID). EU DSS 5.13.1: TOTAL_PASSED; pdfsig: "Signature is Valid".
describe("a22 D1: a genuine signature timestamp contradicted by the seal's own claims proves no time", () => {
  const pdf = read("samples/valid/archive.pdf");
  const si = decodeSignedData(sealGap(pdf).der, "the seal", pkiSession(), true).signedData.signerInfos[0]!;
  const value = new Uint8Array(si.signature.valueBlock.valueHexView);
  const token = (genTime: Date) => createTimestampToken({ tsa: testPki().tsa, data: value, genTime, serial: genTime.getTime() % 1e9 });
  const attribute = (t: Uint8Array) => encode(seq(new asn1js.ObjectIdentifier({ value: TST }), new asn1js.Set({ value: [raw(t)] })));
  const withTokens = (...tokens: Uint8Array[]) => {
    const [first, ...rest] = tokens;
    let cms = mapUnsignedAttribute(sealGap(pdf).der, TST, () => first!);
    for (const t of rest) cms = withUnsignedAttribute(cms, attribute(t));
    return withSealContents(pdf, cms);
  };
  const sealed = tokenOf(pdf);
  const at = (r: ArchiveReport) => [r.indication, r.subIndication, r.seal?.padesLevel];

  it.each([
    [
      "before its /M and the token's iat",
      "2025-12-08T08:00:00Z",
      /it is before its \/M \("D:20251208083635Z"\) \(2025-12-08T08:36:35.000Z\), which the seal claims under its own signature/,
    ],
    [
      "before the seal certificate's notBefore",
      "2024-01-10T00:00:00Z",
      /The timestamp of 2024-01-10T00:00:00.000Z .*proves no time for this seal: it is before its \/M/,
    ],
  ])(
    "a token %s alone: INDETERMINATE/NO_POE at B-B, as without it (was TOTAL-FAILED)",
    async (_, when, text) => {
      const r = await sample(withTokens(token(new Date(when))));
      expect(at(r)).toEqual(["INDETERMINATE", "NO_POE", "B-B"]);
      noneFailed(r);
      const c = check(r, "seal-timestamp");
      expect([c.status, c.subIndication]).toEqual(["indeterminate", "NO_POE"]);
      expect(c.message).toMatch(text);
      expect(c.details?.provesNothing).toMatchObject([{ status: "indeterminate", subIndication: "TIMESTAMP_ORDER_FAILURE" }]);
      expect(check(r, "token-claims").status).toBe("passed");
      expect(r.seal?.timestamp).toBeNull();
    },
    60_000,
  );

  it("within the clock skew of /M (59 s before): proves the time (B-T)", async () => {
    const r = await sample(withTokens(token(new Date("2025-12-08T08:35:36Z"))));
    expect(at(r)).toEqual(["TOTAL-PASSED", null, "B-T"]);
    expect(r.seal?.timestamp?.genTime).toBe("2025-12-08T08:35:36.000Z");
  }, 60_000);

  it("a backdated token first, the sealed one after it: the sealed one proves the time, the other named", async () => {
    const r = await sample(withTokens(token(new Date("2025-12-08T08:00:00Z")), sealed));
    expect(at(r)).toEqual(["TOTAL-PASSED", null, "B-T"]);
    const c = check(r, "seal-timestamp");
    expect(c.status).toBe("warning");
    expect(c.message).toMatch(/Beside it, 1 other signature timestamp\(s\) prove no time \(The timestamp of 2025-12-08T08:00:00.000Z .*before its \/M/);
    expect(r.seal?.timestamp?.genTime).toBe("2025-12-08T08:36:38.000Z");
  }, 60_000);
});

describe("a20 T2, C2: a document timestamp that proves nothing is as if absent", () => {
  const lta = () => read("samples/lta/archive.pdf");
  it.each([
    [
      "its TSA signature broken (one byte)",
      flipped,
      "failed",
      "SIG_CRYPTO_FAILURE",
      /"ArchiveTimestamp1": The TSA's signature on the timestamp does not verify/,
    ],
    ["no SignerInfo", emptied, "failed", "FORMAT_FAILURE", /"ArchiveTimestamp1": The timestamp token is malformed: .*no SignerInfo/],
    ["a twin of the TSA's certificate first (C2)", twinFirst, "indeterminate", "FORMAT_FAILURE", /\("Other Transact ST"\): readers that take the first/],
  ] as const)(
    "samples/lta, %s: TOTAL-PASSED at B-LT, a warning, no proof of existence from it (was TOTAL-FAILED or, C2, B-LTA)",
    async (_, change, status, sub, text) => {
      const pdf = lta();
      const r = await sample(withLastContents(pdf, change(lastGap(pdf).der)));
      expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-LT"]);
      const item = r.pdfSignatures.find((p) => p.kind === "documentTimestamp")!;
      expect([item.status, item.subIndication, item.details.provesNothing]).toEqual([status, sub, true]);
      const c = check(r, "document-timestamps");
      expect(c.status).toBe("warning");
      expect(c.message).toMatch(/^No document timestamp verifies\. 1 document timestamp\(s\) prove no time \(/);
      expect(c.message).toMatch(text);
      expect(r.longTerm?.proofsOfExistence.map((p) => p.kind)).toEqual(["signature-timestamp"]);
    },
    60_000,
  );

  it("samples/lta as it is: B-LTA, its document timestamp a proof of existence (the control)", async () => {
    const r = await sample(lta());
    expect([r.indication, r.seal?.padesLevel, check(r, "document-timestamps").status]).toEqual(["TOTAL-PASSED", "B-LTA", "passed"]);
    expect(r.longTerm?.proofsOfExistence.map((p) => p.kind)).toEqual(["signature-timestamp", "document-timestamp"]);
  }, 60_000);

  it("with the seal's own token broken too, nothing proves the seal's time: document-timestamps INDETERMINATE/NO_POE, never FAILED", async () => {
    const pdf = lta();
    const both = withLastContents(withSealContents(pdf, mapUnsignedAttribute(sealGap(pdf).der, TST, flipped)), flipped(lastGap(pdf).der));
    const r = await sample(both);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "NO_POE"]);
    noneFailed(r);
    const c = check(r, "document-timestamps");
    expect([c.status, c.subIndication]).toEqual(["indeterminate", "NO_POE"]);
    expect(c.message).toMatch(/prove no time .* No other timestamp proves when the seal existed\./);
  }, 60_000);
});

describe("a20 T2, C2: augment does not build on a document timestamp that proves nothing", () => {
  const P = testPki();
  let tsa: Loopback;
  beforeAll(async () => {
    tsa = await startTsa(P.tsa);
  });
  afterAll(async () => {
    await tsa?.close();
  });
  it.each([
    ["its TSA signature broken", flipped, /"ArchiveTimestamp1" \(The TSA's signature on the timestamp does not verify\) proves no time/],
    [
      "a twin of the TSA's certificate first (C2: was renewed over it)",
      twinFirst,
      /"ArchiveTimestamp1" \(The TSA's signature verifies with .*\) proves no time/,
    ],
  ] as const)(
    "%s: refused, nothing written",
    async (_, change, text) => {
      const pdf = read("samples/lta/archive.pdf");
      const bytes = withLastContents(pdf, change(lastGap(pdf).der));
      const e = await augmentArchive({ evidence: { name: "archive.pdf", bytes }, tsa: tsa.url, trust: [trustDirectory()] }).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(SealcheckError);
      expect((e as SealcheckError).code).toBe("ERR_AUGMENT");
      expect((e as SealcheckError).message).toMatch(text);
      expect((e as SealcheckError).message).toMatch(/would build on a broken link as if it proved one; nothing was written$/);
    },
    60_000,
  );
});

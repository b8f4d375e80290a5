// attack-s5 P1c: the DSS is read item by item (src/evidence/dss-items.ts). One entry that cannot be read, or
// one too many, used to withdraw every DSS item of every revision (a covered "revoked" dropped: TOTAL-PASSED);
// 1,000 junk entries failed a genuine archive (FORMAT_FAILURE). Each mode of scripts/attack-s5/dss-dropped.ts:
// an unreadable item is named and said nothing of, the others still count; a limit reached is "not decided"
// (INDETERMINATE naming the limit), never "no data"; junk that is no validation data does not count.
// Scenario (L3/P1b's): the seal revoked 08:06 (keyCompromise), sealed 08:36 with the CA's "good" of 07:36 in the
// CMS; the archivist's DSS holds the CA's CRL of 2025-12-10 listing the seal, under an archive timestamp.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SealcheckError, verifyArchive } from "../../src/index.js";
import { augmentArchive } from "../../src/api/internal.js";
import { dict, name } from "../../src/augment/writer.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { readDssData } from "../../src/evidence/dss-items.js";
import { pkiSession } from "../../src/pki/session.js";
import { addDocumentTimestamp, addDss, buildArchive, createCrl, createOcspResponse, startTsa, TIMELINE } from "../../scripts/generator/index.js";
import { appendDssEntries, manyNulls } from "../../scripts/generator/dss-entries.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const P = testPki();
const sealing = TIMELINE.timestampAt;
const compromise = new Date(sealing.getTime() - 30 * 60_000);
const serialOf = (c: typeof P.seal) => new Uint8Array(c.cert.serialNumber.valueBlock.valueHexView);

async function verify(pdf: Uint8Array, at?: string) {
  const file = join(tempDir("sealcheck-p1c-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], ...(at ? { at } : {}) });
}

let archived: Uint8Array;
beforeAll(async () => {
  const cmsGood = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date(sealing.getTime() - 3600_000) });
  const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [cmsGood] } } })).pdf;
  const crl = createCrl({
    issuer: P.sealRoot,
    number: 42,
    thisUpdate: new Date("2025-12-10T08:36:38Z"),
    nextUpdate: new Date("2025-12-17T08:36:38Z"),
    revoked: [{ serial: serialOf(P.seal), at: compromise }],
  });
  archived = await addDocumentTimestamp(await addDss(sealed, P, "table", { sealRevocation: false, crls: [crl] }), P, new Date("2025-12-10T09:36:38Z"));
}, 60_000);

describe("attack-s5 P1c: one bad DSS entry withdraws nothing but itself", () => {
  it("honest: the archivist's file is TOTAL-FAILED/REVOKED, B-LTA", async () => {
    const r = await verify(archived);
    expect([r.indication, r.subIndication, r.seal?.padesLevel]).toEqual(["TOTAL-FAILED", "REVOKED", "B-LTA"]);
  });

  const bad: [string, () => Uint8Array, RegExp][] = [
    [
      "not-stream (an /OCSPs entry that is a dictionary)",
      () => appendDssEntries(archived, 1, (num) => ({ num, value: dict({ Type: name("OCSP") }) })),
      /\/OCSPs \[\d+\] \(object \d+ 0 R\): the OCSP response is not a stream \(a dict\)/,
    ],
    [
      "undecodable (a FlateDecode stream that does not inflate)",
      () => appendDssEntries(archived, 1, (num) => ({ num, stream: new TextEncoder().encode("not zlib data"), dict: dict({ Filter: name("FlateDecode") }) })),
      // The writer's stream carries its own dictionary: the bytes are read as written, so not an OCSP response.
      /\/OCSPs \[\d+\] \(object \d+ 0 R\): the OCSP response (does not decode|does not have the shape)/,
    ],
    [
      "asn1 (11 'certificates' of 20,000 NULLs, over maxAsn1Nodes together)",
      () => appendDssEntries(archived, 11, (num, i) => ({ num, stream: manyNulls(19_999 - i) }), "Certs"),
      /\/Certs \[\d+\] \(object \d+ 0 R\): the certificate does not have the shape of a certificate, in DER or BER/,
    ],
  ];
  for (const [label, make, named] of bad) {
    it(`${label}: the CA's CRL still counts (TOTAL-FAILED/REVOKED, B-LTA), the bad item named`, async () => {
      const r = await verify(make());
      expect([r.indication, r.subIndication, r.seal?.padesLevel]).toEqual(["TOTAL-FAILED", "REVOKED", "B-LTA"]);
      const c = check(r, "seal-certificate");
      expect(c.message).toMatch(/DSS items that cannot be read, so said nothing of: revision 4 /);
      expect(c.message).toMatch(named);
    });
  }

  it("flood (1,001 five-byte /OCSPs entries): junk is no validation data, the CRL still counts", async () => {
    const r = await verify(appendDssEntries(archived, 1001, (num, i) => ({ num, stream: new Uint8Array([0x30, 0x03, 0x02, 0x01, i & 0x7f]) })));
    expect([r.indication, r.subIndication, r.seal?.padesLevel]).toEqual(["TOTAL-FAILED", "REVOKED", "B-LTA"]);
    expect(check(r, "seal-certificate").message).toMatch(/does not have the shape of an OCSP response, in DER or BER; .* and \d+ more/);
  });

  it("flood of decodable items over maxValidationDataItems: INDETERMINATE naming the limit, never 'no data' (a 'revoked' read first still fails)", async () => {
    // 1,001 distinct OCSP responses that decode ("tryLater" with responseBytes: no key needed), listed after the CRL.
    const tryLater = (i: number) =>
      new Uint8Array([
        0x30,
        0x17,
        0x0a,
        0x01,
        0x03,
        0xa0,
        0x12,
        0x30,
        0x10,
        0x06,
        0x09,
        0x2b,
        0x06,
        0x01,
        0x05,
        0x05,
        0x07,
        0x30,
        0x01,
        0x01,
        0x04,
        0x03,
        0x01,
        (i >> 8) & 0xff,
        i & 0xff,
      ]);
    const flooded = appendDssEntries(archived, 1001, (num, i) => ({ num, stream: tryLater(i) }));
    const r = await verify(flooded);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    const data = readDssData(parsePdf(wholeSource(flooded), resolveLimits()), pkiSession(), 1000);
    expect(data.limit).toMatch(/maxValidationDataItems/);
    // The genuine archive (samples/valid) plus the same flood: not decided, never FORMAT_FAILURE or passed.
    const genuine = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
    const withDss = await addDss(genuine, P, "table", { sealRevocation: false });
    const g = await verify(appendDssEntries(withDss, 1001, (num, i) => ({ num, stream: tryLater(i) })));
    expect([g.indication, g.subIndication]).toEqual(["INDETERMINATE", "GENERIC"]);
    const c = check(g, "seal-certificate");
    expect(c.message).toMatch(/not all read .*maxValidationDataItems.* not decided/);
    // long-term says so itself (s6 edge e): not decided, never "the seal did not verify".
    const lt = check(g, "long-term");
    expect([lt.status, lt.subIndication]).toEqual(["indeterminate", "GENERIC"]);
    expect(lt.message).toMatch(/not all read .*maxValidationDataItems.*not decided/);
  });

  it("genuine-1000: a genuine archive plus 1,000 junk OCSP entries stays TOTAL-PASSED (the junk named in a warning)", async () => {
    const genuine = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
    const before = await verifyArchive({ evidence: "samples/valid/archive.pdf", trust: [trustDirectory()] });
    const junk = Array.from({ length: 1000 }, (_, i) => new Uint8Array([0x30, 0x04, 0x02, 0x02, (i >> 8) & 0x7f, i & 0xff]));
    const r = await verify(await addDss(genuine, P, "table", { ocsps: junk }));
    expect(r.indication).toBe(before.indication);
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("warning");
    expect(c.message).toMatch(/said nothing of: .*and 99\d more/);
  });
});

describe("attack-s5 P1c: augment reads the DSS as verify does", () => {
  let tsa: Awaited<ReturnType<typeof startTsa>>;
  let ocsp: string;
  beforeAll(async () => {
    tsa = await startTsa(P.tsa);
    const now = new Date();
    ocsp = join(tempDir("sealcheck-p1c-ocsp-"), "tsa.ocsp.der");
    writeFileSync(ocsp, createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: now, thisUpdate: now }));
  }, 60_000);
  afterAll(async () => {
    await tsa?.close();
  });
  const augment = (pdf: Uint8Array) => {
    const file = join(tempDir("sealcheck-p1c-aug-"), "archive.pdf");
    writeFileSync(file, pdf);
    return augmentArchive({ evidence: file, tsa: tsa.url, trust: [trustDirectory()], ocsp: [ocsp] });
  };

  it("augment (the not-stream file): refused because the archive does not verify, as augment-honest (was: verify passed, augment refused on the CRL)", async () => {
    const notStream = appendDssEntries(archived, 1, (num) => ({ num, value: dict({ Type: name("OCSP") }) }));
    for (const pdf of [archived, notStream]) {
      const e = await augment(pdf).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(SealcheckError);
      expect((e as SealcheckError).message).toMatch(/does not verify \(TOTAL-FAILED, REVOKED/);
    }
  });

  it("genuine-1000: the genuine archive plus 1,000 junk entries augments to B-LTA, as the genuine one", async () => {
    const genuine = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
    const junk = Array.from({ length: 1000 }, (_, i) => new Uint8Array([0x30, 0x04, 0x02, 0x02, (i >> 8) & 0x7f, i & 0xff]));
    const r = await augment(await addDss(genuine, P, "table", { ocsps: junk }));
    expect([r.before.indication, r.after.indication, r.after.padesLevel]).toEqual(["TOTAL-PASSED", "TOTAL-PASSED", "B-LTA"]);
  });
});

describe("the same shape elsewhere: a limit reached is not decided", () => {
  it("more signatures than maxValidationDataItems: document-timestamps INDETERMINATE / GENERIC naming the limit (was FORMAT_FAILURE)", async () => {
    const r = await verifyArchive({ evidence: "samples/lta/archive.pdf", trust: [trustDirectory()], limits: { maxValidationDataItems: 1 } });
    const c = check(r, "document-timestamps");
    expect([c.status, c.subIndication]).toEqual(["indeterminate", "GENERIC"]);
    expect(c.message).toMatch(/not decided: the PDF has 2 signatures \(limit maxValidationDataItems/);
  });

  it("the reading names an entry that is no stream and keeps the rest; a limit is named", async () => {
    const doc = (pdf: Uint8Array) => parsePdf(wholeSource(pdf), resolveLimits());
    const lta = new Uint8Array(readFileSync("samples/lta/archive.pdf"));
    const whole = readDssData(doc(lta), pkiSession(), 1000);
    expect(whole.problems).toEqual([]);
    expect([whole.certs.length, whole.ocsps.length]).toEqual([7, 3]); // its VRI entry lists the same streams: read once
    // One more /OCSPs entry that is a dictionary: named, the rest as before.
    const direct = readDssData(doc(appendDssEntries(lta, 1, (num) => ({ num, value: dict({}) }))), pkiSession(), 1000);
    expect(direct.problems).toEqual([
      expect.stringMatching(/^revision \d+ \/DSS \/OCSPs \[\d+\] \(object \d+ 0 R\): the OCSP response is not a stream \(a dict\)$/),
    ]);
    expect([direct.certs.length, direct.ocsps.length, direct.crls.length]).toEqual([whole.certs.length, whole.ocsps.length, whole.crls.length]);
    // The limit counts only what decodes: the genuine items are within 1,000 whatever junk is added.
    const tight = readDssData(doc(lta), pkiSession(), 1);
    expect(tight.limit).toMatch(/more than 1 certificates, OCSP responses and CRLs \(limit maxValidationDataItems/);
  });
});

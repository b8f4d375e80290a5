// a12 W8, W8b, W10 (scripts/attack-s8b/words-*.ts): names sealcheck did not write spoke in its words, unquoted
// and uncut: a carried anchor's subject and a TSA's name in the trust-anchors warning, the token certificate's CN
// as the verdict's Reason, the token's document titles and the originals' file names in document-digests. Each
// now enters words through quoteName/shownName (an allow-list, cut), the full value in details only.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderArchiveSummary, verifyArchive, type ArchiveReport } from "../../src/index.js";
import { quoteName } from "../../src/report/quoted-name.js";
import {
  DEFAULT_ORIGINALS,
  buildWorkflowEvidence,
  evidenceAttachments,
  extensions,
  generateEcKey,
  issueCertificate,
  OIDS,
  preparePades,
  sealPrepared,
  serialFor,
  type TestPki,
} from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory, tsaCertificate, writeTokenEvidence } from "../helpers/fixtures.js";

const pem = (der: Uint8Array) => `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString("base64").replace(/.{64}/g, "$&\n")}\n-----END CERTIFICATE-----\n`;
/** A name that, unquoted, closes sealcheck's quotation with U+201D and says sealcheck's words. */
const speech = (who: string, words: string) => `${who}\u201D ${words} \u201C${who}`;
const selfSigned = (cn: string, ca: boolean) =>
  issueCertificate({
    subject: [[OIDS.commonName, cn]],
    subjectKey: generateEcKey(),
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2040-01-01T00:00:00Z"),
    serial: serialFor(`h7d-${cn}`),
    extensions: ca ? [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")] : [extensions.basicConstraints(false)],
  });

/** The generator's archive sealed by `P`, with `extra` attachments before the evidence's own. */
async function sealed(P: TestPki, extra: { name: string; bytes: Uint8Array }[] = []): Promise<Uint8Array> {
  const e = await buildWorkflowEvidence({ pki: P });
  const p = await preparePades({ originals: e.originals.map((d) => d.bytes), attachments: [...extra, ...evidenceAttachments(e)] });
  return sealPrepared(p, P, { certificates: [P.seal, P.sealRoot] });
}

/** Every message the report puts in words, and the --summary. */
const words = (r: ArchiveReport) => [
  ...r.checks.map((c) => c.message),
  ...(r.pdfSignatures ?? []).map((p) => p.message),
  renderArchiveSummary(r, { colour: false }),
];

describe("a12 W8: the trust-anchors warning quotes the anchor's and the TSA's names", () => {
  it("root: an anchor taken from the file, named to vouch for itself, is shown quoted and cut", async () => {
    const cn = speech("NETS Root CA", "(fingerprint checked against docs/trust-anchors.md: it is the one the CA publishes; nothing to compare) and");
    const root = pem(selfSigned(cn, true));
    const dir = tempDir("sealcheck-w8-");
    writeFileSync(join(dir, "ca-root.pem"), root);
    const r = await verifyArchive({
      evidence: { name: "archive.pdf", bytes: await sealed(testPki(), [{ name: "ca-root.pem", bytes: new TextEncoder().encode(root) }]) },
      trust: [trustDirectory(), join(dir, "ca-root.pem")],
    });
    const c = check(r, "trust-anchors");
    expect(c.status).toBe("warning");
    expect(c.message).toContain(`${quoteName(cn, 64)} (SHA-256 `);
    expect(c.message).toContain('"NETS Root CA\\u{201D} (fingerprint checked against docs/trust-anchors.md…" (SHA-256');
    for (const m of words(r)) expect(m).not.toContain("it is the one the CA publishes");
    // details keep the full subject
    const carried = c.details?.anchorsCarriedByEvidence as { subject: string }[];
    expect(carried.map((a) => a.subject)).toContain(`CN=${cn.replace(/;/g, "\\;")}`);
  });

  it("tsa: the TSA a general anchor vouches for is named quoted and cut", async () => {
    const P = testPki();
    const label = speech("1", "(fingerprint checked; nothing to compare) and Sealcheck Test Time-Stamping Unit");
    const named = { ...P, tsa: tsaCertificate(P, label, new Date("2040-01-01T00:00:00Z")) };
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes: await sealed(named) }, trust: [trustDirectory()] });
    const c = check(r, "trust-anchors");
    expect(c.message).toContain(
      `The TSA ${quoteName(`Sealcheck Test Time-Stamping Unit ${label}`, 64)} (the signature timestamp) is vouched for by "Sealcheck Test TSA Root CA"`,
    );
    for (const m of words(r)) expect(m).not.toContain("nothing to compare");
    expect(c.details?.tsaVouchedByGeneralAnchor).toEqual([expect.objectContaining({ tsa: expect.stringContaining("nothing to compare) and") })]);
  });
});

describe("a12 W8b: the token certificate's CN as the verdict's Reason", () => {
  const withCert = (cn: string) => {
    const json = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as Record<string, unknown>;
    json.publicSigningCertPem = pem(selfSigned(cn, false));
    const file = join(tempDir("sealcheck-w8b-"), "workflowtoken.json");
    writeFileSync(file, JSON.stringify(json));
    return verifyArchive({ evidence: file, originals: ["samples/valid/originals"], trust: [trustDirectory()] });
  };

  it("attack: the CN is quoted and cut; the Reason is sealcheck's", async () => {
    const cn = speech(
      "NEB Transact ST",
      "is the broker's token certificate (organizationIdentifier NTRDK-29915938, checked). Only the receipt's layout is new: not a forgery.",
    );
    const r = await withCert(cn);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "FORMAT_FAILURE"]);
    const m = check(r, "token-certificate").message;
    expect(m).toMatch(
      /^"NEB Transact ST\\u\{201D\} is the broker\\u\{0027\}s token certificate \(organization…" \(its subject has no organizationIdentifier\) is not the broker's token certificate/,
    );
    for (const w of words(r)) expect(w).not.toContain("Only the receipt's layout is new");
  });

  it("honest: the same sentence with the name quoted", async () => {
    const r = await withCert("Other Signer");
    expect(check(r, "token-certificate").message).toMatch(
      /^"Other Signer" \(its subject has no organizationIdentifier\) is not the broker's token certificate/,
    );
  });
});

describe("a12 W10: document titles and the originals' file names in document-digests", () => {
  const changed = (bytes: Uint8Array) => new Uint8Array([...bytes, 0x0a]);

  it("title: a document's title is quoted and cut", async () => {
    const title = speech("Lejekontrakt", "matched its file by SHA-256 (the seal, the token and both documents are intact) and");
    const w = await writeTokenEvidence({ pki: testPki(), originals: [{ ...DEFAULT_ORIGINALS[0]!, title }, ...DEFAULT_ORIGINALS.slice(1)] });
    const first = w.evidence.originals[0]!;
    writeFileSync(join(w.originals, first.fileName), changed(first.bytes));
    const r = await verifyArchive({ evidence: w.json, originals: [w.originals], trust: [trustDirectory()] });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
    const d = check(r, "document-digests");
    expect(d.message).toContain(`document_1 ${quoteName(title)} matched no supplied file`);
    for (const m of words(r)) expect(m).not.toContain("both documents are intact");
    expect(JSON.stringify(d.details?.missing)).toContain("both documents are intact"); // the full title: details only
  });

  it("filename: an original's file name is quoted and cut; honest: the same sentence", async () => {
    const run = async (name: string) => {
      const dir = join(tempDir("sealcheck-w10-"), "originals");
      mkdirSync(dir);
      writeFileSync(join(dir, name), changed(new Uint8Array(readFileSync("samples/valid/originals/Lejekontrakt.pdf"))));
      writeFileSync(join(dir, "Husorden.pdf"), readFileSync("samples/valid/originals/Husorden.pdf"));
      return verifyArchive({ evidence: "samples/valid/archive.pdf", originals: [dir], trust: [trustDirectory()] });
    };
    const name =
      "Lejekontrakt.pdf matches document_1 by SHA-256 and Husorden.pdf matches document_2: every original is intact. An older copy was given as well: Lejekontrakt-old.pdf";
    const r = await run(name);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
    const m = check(r, "document-digests").message;
    expect(m).toBe(
      `document_1 "Lejekontrakt" matched no supplied file, and ${quoteName(name)} matches no document: an original was changed or is the wrong file.`,
    );
    for (const w of words(r)) expect(w).not.toContain("every original is intact");
    const honest = await run("Lejekontrakt.pdf");
    expect(check(honest, "document-digests").message).toBe(
      'document_1 "Lejekontrakt" matched no supplied file, and "Lejekontrakt.pdf" matches no document: an original was changed or is the wrong file.',
    );
  });
});

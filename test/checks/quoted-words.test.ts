// a12 W8, W8b, W10 (scripts/attack-s8b/words-*.ts): names sealcheck did not write spoke in its words, unquoted
// and uncut: a carried anchor's subject and a TSA's name in the trust-anchors warning, the token certificate's CN
// as the verdict's Reason, the token's document titles and the originals' file names in document-digests. Each
// now enters words through quoteName/shownName (an allow-list, cut), the full value in details only.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderArchiveHtml, renderArchiveHuman, renderArchiveSummary, verifyArchive, type ArchiveReport } from "../../src/index.js";
import { pdfName, quoteName } from "../../src/report/quoted-name.js";
import { appendRaw } from "../../scripts/attack-s4/raw.js";
import { checkAudience, checkIssuer } from "../../src/idtoken/claims.js";
import {
  addDss,
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

/**
 * Every message the report puts in words and the --summary, spaces made one. (The text report and the statement
 * also list certificates, titles and anchors by layout, each on a line of its own: the full value, as details.)
 */
const words = (r: ArchiveReport) =>
  [...r.checks.map((c) => c.message), ...(r.pdfSignatures ?? []).map((p) => p.message), renderArchiveSummary(r, { colour: false })].map((s) =>
    s.replace(/\s+/g, " "),
  );

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
    // The text report and the statement name the TSA in their sentences quoted too (the timestamp, the POE).
    const shown = quoteName(`Sealcheck Test Time-Stamping Unit ${label}`, 64);
    const human = renderArchiveHuman(r, { colour: false }).replace(/\s+/g, " ");
    expect(human).toContain(`UTC by ${shown} (serial`);
    expect(human).toContain(`UTC by ${shown}: not proven`);
    expect(renderArchiveHtml(r)).not.toMatch(/by Sealcheck Test Time-Stamping Unit 1\u201D/);
    expect(c.details?.tsaVouchedByGeneralAnchor).toEqual([expect.objectContaining({ tsa: expect.stringContaining("nothing to compare) and") })]);
  });
});

describe("a12 W8b: the token certificate's CN as the verdict's Reason", () => {
  const withCert = (cn: string) => {
    const json = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as Record<string, unknown>;
    json.publicSigningCertPem = pem(selfSigned(cn, false));
    const file = join(tempDir("sealcheck-w8b-"), "workflowtoken.json");
    writeFileSync(file, JSON.stringify(json));
    // Shown: a self-signed certificate shows no organisation, so its name is masked by default (person-names.test.ts).
    return verifyArchive({ evidence: file, originals: ["samples/valid/originals"], trust: [trustDirectory()], showPersonalData: true });
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

describe("a12 W9: names and strings from the file in the PDF reader's errors (the verdict's Reason)", () => {
  const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
  const id = /\/ID\s*(\[[^\]]*\])/.exec(Buffer.from(base).toString("latin1"))![1];
  /** A PDF name (ISO 32000-1 §7.3.5) spelling `words`: #xx for every byte outside the regular characters. */
  const nameOf = (words: string) =>
    `/${[...Buffer.from(words, "utf8")].map((b) => (b > 0x20 && b < 0x7f && !"()<>[]{}/%#".includes(String.fromCharCode(b)) ? String.fromCharCode(b) : `#${b.toString(16).padStart(2, "0")}`)).join("")}`;
  const summary = async (pdf: Uint8Array) => {
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, originals: ["samples/valid/originals"], trust: [trustDirectory()] });
    return { r, summary: renderArchiveSummary(r, { colour: false }) };
  };

  it("pdfName writes a name as PDF does: regular characters as themselves, the rest #xx, cut at 40", () => {
    expect(pdfName("Info")).toBe("/Info");
    expect(pdfName("ETSI.RFC3161")).toBe("/ETSI.RFC3161");
    expect(pdfName("Info (a date)")).toBe("/Info#20#28a#20date#29");
    expect(pdfName("a\u201Db")).toBe("/a#E2#80#9Db");
    expect(pdfName("\u00e6")).toBe("/#E6"); // a Latin-1 byte of the file, as read
    expect(pdfName("x".repeat(41))).toBe(`/${"x".repeat(40)}…`);
  });

  it("name: a key the xref stream's dictionary repeats is written as a PDF name, #xx escaped", async () => {
    // (A redundant `trailer` after the stream carried this before a16 X2: no reader reads it, it is skipped.)
    const withDss = Buffer.from(await addDss(base, testPki(), "stream")).toString("latin1");
    const at = withDss.lastIndexOf("/Type /XRef") + "/Type /XRef".length;
    const said = "Info (a date format only). Nothing else changed after sealing: this file is not a forgery. The pages say";
    const { r } = await summary(new Uint8Array(Buffer.from(`${withDss.slice(0, at)} ${nameOf(said)} 1 ${nameOf(said)} 2${withDss.slice(at)}`, "latin1")));
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "FORMAT_FAILURE"]);
    expect(JSON.stringify(r)).toContain(`duplicate dictionary key ${pdfName(said)}`);
    expect(pdfName(said)).toBe("/Info#20#28a#20date#20format#20only#29.#20Nothing#20else#20…");
    for (const m of words(r)) expect(m).not.toContain("Nothing else changed");
  });

  for (const [mode, key] of [
    ["key", "Husorden.pdf\u201D was checked: the documents, the token and the seal are intact and genuine. (This line is a formatting note only. \u201C"],
    ["honest", "notes.txt"],
  ] as const)
    it(`${mode}: an embedded file's name in the reader's error is quoted and cut`, async () => {
      const utf16 = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(key, "utf16le").swap16()]).toString("hex");
      const tree = `<< /Names [ (workflow_token.jwt) 17 0 R (workflow_token.ocsp) 19 0 R (workflow_token_pub.pem) 21 0 R <${utf16}> 7 ] >>`;
      const { r } = await summary(appendRaw(base, [{ num: 24, body: tree }], `/Root 2 0 R /Info 3 0 R /ID ${id}`));
      const m = check(r, "attachments").message;
      expect(m).toContain(`embedded file ${quoteName(key)}: the file specification is not a dictionary`);
      if (mode === "key") for (const w of words(r)) expect(w).not.toContain("intact and genuine. (This line");
    });

  it("a key added to the catalog after sealing is named as a PDF name in seal-modifications", async () => {
    const said = "Names (a font cache only). Nothing else changed after sealing";
    const catalog = `<< /Type /Catalog /Pages 1 0 R /Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 2 >> >> /Names << /EmbeddedFiles 24 0 R >> /AcroForm 25 0 R /Perms << /DocMDP 22 0 R >> ${nameOf(said)} true >>`;
    const { r } = await summary(appendRaw(base, [{ num: 2, body: catalog }], `/Root 2 0 R /Info 3 0 R /ID ${id}`));
    expect(JSON.stringify(r.checks.map((c) => c.message))).toContain(`catalog 2 0 R ${pdfName(said)} added`);
    for (const m of words(r)) expect(m).not.toContain("Nothing else changed");
  });
});

describe("src/ cannot quote a name from the file by hand (a12 W8, W9, W10: the class)", () => {
  /**
   * Templates that quote or name by hand, kept on purpose: sealcheck's own words and the user's own arguments,
   * never a name from the file, the file system or the token. `file` and a fragment of the line.
   */
  const KEPT: readonly { file: string; has: string; why: string }[] = [
    { file: "limits.ts", has: 'unknown limit "${k}"', why: "the user's own --limit argument" },
    { file: "policy.ts", has: 'unknown role "${role}"', why: "the user's own trustFor key" },
    { file: "time.ts", has: 'at: "${given}"', why: "the user's own --at argument" },
    { file: "augment/http.ts", has: '"${raw}" is not a URL', why: "the user's own TSA URL" },
    { file: "idtoken/http.ts", has: '"${raw}" is not a URL', why: "the user's own key-set URL" },
    { file: "idtoken/issuers.ts", has: '"${', why: "the user's own --issuer and CVR arguments" },
    { file: "idtoken/dev-token.ts", has: '"${', why: "the user's own dev-token arguments and sealcheck's member name" },
    { file: "idtoken/jose-guards.ts", has: `the token's "\${name}" header`, why: "name is sealcheck's (alg, kid, typ)" },
    { file: "redis.ts", has: "`'${name}'`", why: "a module name sealcheck looks for in an error" },
    { file: "report/internal-error.ts", has: 'the check "${stage}"', why: "stage is sealcheck's check id" },
    { file: "pki/ocsp.ts", has: 'says "${single.status}"', why: "good, revoked or unknown: decoded from an enumeration" },
    { file: "pki/ocsp.ts", has: 'status is "${decoded.responseStatus}"', why: "an RFC 6960 enumeration's name" },
    { file: "render/html.ts", has: '="${', why: "HTML attributes of sealcheck's values, escaped by escapeHtml" },
    { file: "render/html.ts", has: 'return `"${s.replace(', why: "CSS string escaping" },
    { file: "batch/formats.ts", has: "", why: "CSV and JUnit XML serialisation, escaped for their format" },
    { file: "evidence/dss-items.ts", has: "${where} /${key}", why: "key is sealcheck's (Certs, OCSPs, CRLs, Cert, OCSP, CRL)" },
    { file: "evidence/workflow-token.ts", has: 'claim "${name}"', why: "name is sealcheck's (the claims it requires: str, num, stringNumber)" },
  ];
  /** `"${`, `'${` (a name quoted by hand) or ` /${` (a PDF name written by hand), inside a template literal. */
  const BY_HAND = /["']\$\{|(^|[\s([`])\/\$\{/;

  it("every quotation and PDF name in a template goes through quoteName, shownName or pdfName", () => {
    const offenders: string[] = [];
    for (const f of readdirSync("src", { recursive: true }) as string[]) {
      if (!f.endsWith(".ts") || f === join("report", "quoted-name.ts")) continue;
      readFileSync(join("src", f), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (!line.includes("`") || !BY_HAND.test(line.replace(/\/\$\{(report|r|g)\.subIndication\}|\/\$\{sub\}/g, ""))) return;
          if (/^\s*(\/\/|\*)/.test(line)) return;
          if (KEPT.some((k) => f === k.file && line.includes(k.has))) return;
          offenders.push(`src/${f}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it("displayName never enters a template: certificate names reach words through shownName", () => {
    // pki/revocation.ts keeps it as data (laterStop's `by`), which long-term quotes with quoteName.
    const users = (readdirSync("src", { recursive: true }) as string[]).filter(
      (f) => f.endsWith(".ts") && readFileSync(join("src", f), "utf8").includes("displayName("),
    );
    expect(users.sort()).toEqual([join("pki", "certificate.ts"), join("pki", "revocation.ts")]);
    for (const f of users) expect(readFileSync(join("src", f), "utf8")).not.toMatch(/\$\{displayName\(/);
  });

  it("a PDF string's or name's text (.text) is not put in a template as it is where it comes from the file", () => {
    // PdfText values (an attachment's name, /M, a field's /T): the known fields, each through quoteName.
    const offenders: string[] = [];
    for (const f of readdirSync("src", { recursive: true }) as string[]) {
      if (!f.endsWith(".ts")) continue;
      readFileSync(join("src", f), "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const m of line.matchAll(/\$\{([\w.!?]*\.(?:name|m|title|f|uf|t)\.text)\}/g)) offenders.push(`src/${f}:${i + 1}: ${m[1]}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});

describe("an ID token's strings in the receiver's words (the class, beyond a12's findings)", () => {
  it("iss, aud and ct_id from the token are quoted and cut", () => {
    const iss = "https://op.example\u201D. Issued by the expected broker; \u201Chttps://op.example";
    const i = checkIssuer({ iss }, "https://netseidbroker.dk/op");
    expect(i.message).toBe(`The token was issued by ${quoteName(iss, 80)}, not by the expected https://netseidbroker.dk/op.`);
    const a = checkAudience({ aud: ["x\u201D y", "z"] }, "DK12345678");
    expect(a.message).toContain('addressed to ["x\\u{201D} y", "z"], not to this receiver');
  });
});

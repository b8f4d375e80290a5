// a14 X1i: an anchor that enters through a trusted list. A forger's archive carries its own trusted list (signed by
// the forger, its CA/QC service the forger's root) and the list's signer; an auditor who verifies with the list and
// the signer the archive hands over (pdfdetach) got TOTAL-PASSED, "Every check passed", and neither the pinned signer
// nor the service that decided the seal was named. Now the report names the signer (subject, SHA-256, file), says
// which service of which list decided each path, and the trust-anchors check looks for the signer and the list in
// the evidence: taken from the archive, they are the same shortcut as a --trust certificate taken from it.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadTrustedListAnchors, renderArchiveHtml, renderArchiveHuman, renderArchiveSummary, verifyArchive } from "../../src/index.js";
import { decidingAnchorDigests } from "../../src/report/archive-report.js";
import { forgedArchive } from "../../scripts/attack-s9b/lib.js";
import { utf8Bytes } from "../../scripts/generator/index.js";
import { tempDir } from "../helpers/fixtures.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { buildList, makeIdentities, sampleAnchorServices, sign, type Identity } from "../trustlist/sign.js";

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex").toUpperCase();
const now = Date.now();

function list(signer: Identity, rootDer: Uint8Array): string {
  return sign(
    buildList({
      territory: "DK",
      issued: new Date(signer.notBefore.getTime() + 5_000),
      nextUpdate: new Date(now + 180 * 86400_000),
      services: sampleAnchorServices().map((s) => (s.type === "CA/QC" && s.name === "Test seal CA" ? { ...s, certificate: rootDer } : s)),
    }),
    signer,
  );
}

describe("an anchor given through a trusted list: named, and looked for in the evidence", () => {
  it("forged: the list and its signer handed over by the archive: named with the service that decided the seal, and warned of", async () => {
    const { forger } = await makeIdentities({ forger: 2048 });
    let listXml = "";
    const f = await forgedArchive("h8c-tl", {
      rootCn: "NETS AS Root CA",
      attach: (root) => {
        listXml = list(forger, root.der);
        return [
          { name: "trusted-list.xml", bytes: utf8Bytes(listXml) },
          { name: "tl-signer.pem", bytes: utf8Bytes(forger.certPem) },
        ];
      },
    });
    // What pdfdetach -saveall writes: the attachments byte for byte.
    const dir = tempDir("h8c-tl-");
    writeFileSync(join(dir, "archive.pdf"), f.pdf);
    writeFileSync(join(dir, "trusted-list.xml"), listXml);
    writeFileSync(join(dir, "tl-signer.pem"), forger.certPem);
    mkdirSync(join(dir, "originals"));
    for (const o of f.originals) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
    const signerFile = join(dir, "tl-signer.pem");
    const trustedLists = await loadTrustedListAnchors({
      lists: [join(dir, "trusted-list.xml")],
      signers: [{ der: forger.der, file: signerFile }],
    });
    const r = await verifyArchive({ evidence: join(dir, "archive.pdf"), originals: [join(dir, "originals")], trustedLists });
    expect(r.indication).toBe("TOTAL-PASSED");
    const rootSha = sha(f.root.der);
    const signerSha = sha(forger.der);

    // The warning: the pinned signer and the list are the evidence's own.
    const check = r.checks.find((c) => c.id === "trust-anchors");
    expect(check?.status).toBe("warning");
    expect(check?.details?.listTrustCarriedByEvidence).toEqual([
      // The signer is also in the attached list's KeyInfo (base64, no PEM): found there too (h9c).
      expect.objectContaining({
        kind: "signer",
        sha256: signerSha,
        file: signerFile,
        carriedIn: ['the attachment "trusted-list.xml"', 'the attachment "tl-signer.pem"'],
      }),
      expect.objectContaining({ kind: "list", carriedIn: ['the attachment "trusted-list.xml"'] }),
    ]);
    expect(check?.message).toMatch(/The trusted lists' trust rests on what the evidence itself carries: the pinned list signer "CN=forger list signer/);

    // The JSON report: the signer, the pinned certificate with its file, the service that decided the seal.
    const used = r.verification!.trustedLists![0]!;
    expect(used.signer).toMatchObject({ sha256: signerSha });
    expect(used.pinned).toMatchObject({ sha256: signerSha, file: signerFile });
    expect(used.decides).toEqual(expect.arrayContaining([expect.objectContaining({ service: "Test seal CA", sha256: rootSha, decides: ["the seal"] })]));
    // The report's JSON Schema describes the new fields.
    const ajv = new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true });
    (addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
    const valid = ajv.compile(JSON.parse(readFileSync("schemas/report.schema.json", "utf8")) as object);
    expect(valid(JSON.parse(JSON.stringify(r))), JSON.stringify(valid.errors)).toBe(true);
    expect(decidingAnchorDigests(r)).toEqual(
      expect.arrayContaining([
        { sha256: rootSha, decides: ["the seal"] },
        { sha256: signerSha, decides: [`the trusted list ${join(dir, "trusted-list.xml")}`] },
      ]),
    );

    // The text report: the signer's SHA-256 and file, Decides with the service, the note.
    const text = renderArchiveHuman(r, { colour: false });
    expect(text).toMatch(/Signer {11}pinned \(--tl-signer\): "forger list signer"\n {5}Signer SHA-256\n {9}/);
    expect(text).toContain(signerSha);
    expect(text).toMatch(/Pinned from {6}tl-signer\.pem \(--tl-signer\) in\s/);
    expect(text).toMatch(
      /Decides {10}the seal, through its service "Test seal CA"\n {5}Service {10}"NETS AS Root CA"\n {5}Service SHA-256\n {9}([0-9A-F]{64})/,
    );
    expect(text.replace(/\s+/g, " ")).toContain("The verdict rests on the anchors that decide a path");
    expect(renderArchiveHtml(r)).toContain(rootSha);

    // The summary: the list's service that decided the seal, and the signer the list rests on, each with its SHA-256.
    const summary = renderArchiveSummary(r, { colour: false });
    expect(summary).toMatch(new RegExp(`Decides the seal: trusted-list\\.xml \\(--trusted-list\\) "NETS AS Root CA"\\n {6}SHA-256 ${rootSha}\\n`));
    expect(summary).toMatch(
      new RegExp(
        `Decides the trusted list trusted-list\\.xml: tl-signer\\.pem \\(--tl-signer\\)\\n {6}"forger list signer"\\n {6}SHA-256 ${signerSha}\\n {6}carried by the evidence`,
      ),
    );
  }, 120_000);

  it("re-encoded: a list the archive carries in another encoding, and a signer only in a list's KeyInfo, are found", async () => {
    const { forger } = await makeIdentities({ forger: 2048 });
    let listXml = "";
    // Base64 wrapped at 64 columns, as many writers do: the same value.
    const wrap64 = (xml: string, element: string) =>
      xml.replace(new RegExp(`(<ds:${element}>)([^<]+)(<)`, "g"), (_m, a: string, v: string, b: string) => `${a}\n${v.replace(/(.{64})/g, "$1\n")}\n${b}`);
    // Other attribute order and quotes, no XML declaration, another prefix for the signature, its base64 wrapped.
    const reattributed = (xml: string) =>
      wrap64(wrap64(xml, "SignatureValue"), "X509Certificate")
        .replace(/^<\?xml[^>]*\?>/, "")
        .replace(/ Id="tl-root" (TSLTag="[^"]*")/, " $1 Id='tl-root'")
        .replace(/(<\/?)ds:/g, "$1sig:")
        .replace(/xmlns:ds=/g, "xmlns:sig=");
    // The list's own layout changed (indentation, which its signature covers) but its signature kept, wrapped.
    const reindented = (xml: string) => wrap64(wrap64(xml, "SignatureValue"), "X509Certificate").replace(/\n {4}/g, "\n\t");
    // The signature taken out, other quotes.
    const unsigned = (xml: string) => xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, "").replace(/xml:lang="en"/g, "xml:lang='en'");
    const f = await forgedArchive("h9c-tl", {
      rootCn: "NETS AS Root CA",
      attach: (root) => {
        listXml = list(forger, root.der);
        return [
          { name: "reattributed.xml", bytes: utf8Bytes(reattributed(listXml)) },
          { name: "reindented.xml", bytes: utf8Bytes(reindented(listXml)) },
          { name: "unsigned.xml", bytes: utf8Bytes(unsigned(listXml)) },
          // Re-indented and its signature taken out: neither key found it before (issue 37).
          { name: "reindented-unsigned.xml", bytes: utf8Bytes(unsigned(reindented(listXml))) },
        ];
      },
    });
    expect(reattributed(listXml)).not.toContain(listXml.match(/<ds:SignatureValue>([^<]+)</)![1]);
    const dir = tempDir("h9c-tl-");
    writeFileSync(join(dir, "archive.pdf"), f.pdf);
    writeFileSync(join(dir, "DK.xml"), listXml);
    writeFileSync(join(dir, "signer.pem"), forger.certPem);
    const trustedLists = await loadTrustedListAnchors({ lists: [join(dir, "DK.xml")], signers: [{ der: forger.der, file: join(dir, "signer.pem") }] });
    const r = await verifyArchive({ evidence: join(dir, "archive.pdf"), trustedLists });
    const check = r.checks.find((c) => c.id === "trust-anchors");
    expect(check?.status).toBe("warning");
    const carried = check?.details?.listTrustCarriedByEvidence as { kind: string; carriedIn: string[] }[];
    // The list: by its canonical content (reattributed, unsigned, re-indented and unsigned: white space between tags
    // does not count) and by its signature value (reattributed, reindented).
    const listFound = carried.find((b) => b.kind === "list") as { carriedIn: string[]; withoutSignatureIn?: string[] };
    expect(listFound.carriedIn).toEqual([
      'the attachment "reattributed.xml"',
      'the attachment "reindented.xml"',
      'the attachment "unsigned.xml"',
      'the attachment "reindented-unsigned.xml"',
    ]);
    // The copies without the signature are named as such: the same list, which cannot vouch.
    expect(listFound.withoutSignatureIn).toEqual(['the attachment "unsigned.xml"', 'the attachment "reindented-unsigned.xml"']);
    expect(check?.message).toContain(
      'the attachment "reindented.xml" and the attachment "unsigned.xml" without its signature and the attachment "reindented-unsigned.xml" without its signature)',
    );
    expect(check?.message).toContain("A copy without its signature vouches for nothing");
    // The signer: only base64 in the KeyInfo of the two signed copies.
    expect(carried.find((b) => b.kind === "signer")?.carriedIn).toEqual(['the attachment "reattributed.xml"', 'the attachment "reindented.xml"']);

    // The other way round: the auditor's copy re-encoded (root attributes in another order, its signature value
    // wrapped: it still verifies), the archive carrying the list as published.
    const g = await forgedArchive("h9c-tl-2", {
      rootCn: "NETS AS Root CA",
      attach: (root) => {
        listXml = list(forger, root.der);
        return [{ name: "trusted-list.xml", bytes: utf8Bytes(listXml) }];
      },
    });
    writeFileSync(join(dir, "archive2.pdf"), g.pdf);
    const mine = wrap64(listXml, "SignatureValue").replace(/ Id="tl-root" (TSLTag="[^"]*")/, " $1 Id='tl-root'");
    writeFileSync(join(dir, "DK2.xml"), mine);
    const lists2 = await loadTrustedListAnchors({ lists: [join(dir, "DK2.xml")], signers: [forger.der] });
    const r2 = await verifyArchive({ evidence: join(dir, "archive2.pdf"), trustedLists: lists2 });
    expect(r2.indication).not.toBe("TOTAL-FAILED");
    const carried2 = r2.checks.find((c) => c.id === "trust-anchors")?.details?.listTrustCarriedByEvidence as { kind: string; carriedIn: string[] }[];
    expect(carried2.find((b) => b.kind === "list")?.carriedIn).toEqual(['the attachment "trusted-list.xml"']);
  }, 120_000);

  it("honest: a list and signer from elsewhere over the sample: named, no carried-list warning", async () => {
    const { forger } = await makeIdentities({ forger: 2048 });
    const dir = tempDir("h8c-tl-honest-");
    const seal = readFileSync("samples/trust/seal-root.pem", "utf8");
    const der = new Uint8Array(Buffer.from(seal.replace(/-----[^-]+-----|\s/g, ""), "base64"));
    writeFileSync(join(dir, "DK.xml"), list(forger, der));
    const trustedLists = await loadTrustedListAnchors({ lists: [join(dir, "DK.xml")], signers: [forger.der] });
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: ["samples/valid/originals"], trustedLists });
    expect(r.indication).toBe("TOTAL-PASSED");
    const used = r.verification!.trustedLists![0]!;
    // Given as bytes without a name: the pinned certificate is named, its file is not known.
    expect(used.pinned).toMatchObject({ sha256: sha(forger.der), file: null });
    expect(used.decides?.find((d) => d.decides.includes("the seal"))).toMatchObject({ service: "Test seal CA", sha256: sha(der) });
    expect(r.checks.find((c) => c.id === "trust-anchors")?.details?.listTrustCarriedByEvidence).toBeUndefined();
    expect(renderArchiveHuman(r, { colour: false })).toMatch(/Pinned from {6}certificate bytes given without a file name/);
  }, 120_000);
});

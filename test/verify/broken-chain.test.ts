// An archive-timestamp chain broken in the middle (issue 36 part 6): a document timestamp between the signature
// timestamp and the newest archive timestamp that cannot be relied on, because its TSA chains to no anchor or its
// imprint does not match the revision it claims to cover. Each gets the verdict and sub-indication it earns.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDocumentTimestamp, addDss, buildArchive, createCrl, type TestPki } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory, tsaCertificate } from "../helpers/fixtures.js";

const base = testPki();
const at = (iso: string) => new Date(iso);

const archiveTsa: TestPki = { ...base, tsa: tsaCertificate(base, "archive-2124", at("2124-01-01T00:00:00Z")) };
const untrustedTsa: TestPki = { ...base, tsa: tsaCertificate(base, "untrusted", at("2124-01-01T00:00:00Z"), base.foreignRoot) };
const crl = (thisUpdate: string) =>
  createCrl({ issuer: base.tsaRoot, thisUpdate: at(thisUpdate), nextUpdate: new Date(at(thisUpdate).getTime() + 7 * 86400_000) });

async function file(pdf: Uint8Array): Promise<string> {
  const f = join(tempDir("broken-chain-"), "archive.pdf");
  writeFileSync(f, pdf);
  return f;
}

/** The archive with a DSS for the archive TSA, verified in 2026 by the test anchors. */
async function verify(pdf: Uint8Array) {
  const f = await file(await addDss(pdf, base, "table", { crls: [crl("2025-12-10T11:00:00Z")] }));
  return verifyArchive({ evidence: f, trust: [trustDirectory()], at: "2026-06-01T00:00:00Z" });
}

/** A copy of `pdf` with one hex digit of the last signature's token changed near its end (its signature value). */
function corruptLastToken(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf).toString("latin1");
  const start = text.lastIndexOf("/Contents <") + "/Contents <".length;
  const end = text.indexOf(">", start);
  const hex = text.slice(start, end).replace(/0+$/, "");
  const at = start + hex.length - 8;
  const out = new Uint8Array(pdf);
  out[at] = out[at] === 0x61 ? 0x62 : 0x61;
  return out;
}

describe("an archive-timestamp chain broken in the middle", () => {
  it("the middle timestamp's TSA chains to no trust anchor", async () => {
    const one = await addDss((await buildArchive(base)).pdf, base, "table", { crls: [crl("2025-12-09T09:00:00Z")] });
    const two = await addDocumentTimestamp(one, untrustedTsa, at("2025-12-09T10:00:00Z"));
    const three = await addDocumentTimestamp(two, archiveTsa, at("2025-12-10T10:00:00Z"));
    const r = await verify(three);
    // The chain's verdict is that of its weakest link: nothing vouches for the middle timestamp's TSA.
    expect([r.indication, r.subIndication, r.decidedBy]).toEqual(["INDETERMINATE", "NO_CERTIFICATE_CHAIN_FOUND", ["document-timestamps"]]);
    expect(check(r, "document-timestamps").message).toMatch(/"Signature2": The TSA's certificate: No path from "Sealcheck Test Time-Stamping Unit untrusted"/);
    // It is no proof of existence; the signature timestamp and the newest archive timestamp still are.
    expect(r.longTerm?.proofsOfExistence.map((p) => [p.genTime, p.proven])).toEqual([
      ["2025-12-08T08:36:38Z", true],
      ["2025-12-10T10:00:00Z", true],
    ]);
  }, 60_000);

  it("the middle timestamp's token does not verify (its signature changed before the next timestamp was added)", async () => {
    const one = await addDss((await buildArchive(base)).pdf, base, "table", { crls: [crl("2025-12-09T09:00:00Z")] });
    const two = corruptLastToken(await addDocumentTimestamp(one, archiveTsa, at("2025-12-09T10:00:00Z")));
    const three = await addDocumentTimestamp(two, archiveTsa, at("2025-12-10T10:00:00Z"));
    const r = await verify(three);
    // Its token lies outside its own byte range (anyone can damage it): it proves no time, as if absent, never the
    // archive's failure (a20 T2; was TOTAL-FAILED/SIG_CRYPTO_FAILURE). The other timestamps still prove the seal.
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const c = check(r, "document-timestamps");
    expect(c.status).toBe("warning");
    expect(c.message).toMatch(/1 document timestamp\(s\) prove no time \("Signature2": The TSA's signature on the timestamp does not verify\)/);
    expect(r.pdfSignatures.find((p) => p.field === "Signature2")).toMatchObject({ status: "failed", subIndication: "SIG_CRYPTO_FAILURE" });
    expect(r.longTerm?.proofsOfExistence.map((p) => p.genTime)).not.toContain("2025-12-09T10:00:00Z");
  }, 60_000);
});

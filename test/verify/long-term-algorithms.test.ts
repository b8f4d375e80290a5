// Issue 36 part 2: each algorithm is judged at the proof of existence that protects what it signs. A later
// archive timestamp, made while an algorithm was still acceptable and by a TSA whose own algorithms still are,
// carries what that algorithm signed past the date the policy sets for it; one made after that date does not.
// The policy (a file, as --policy takes it): RSA below 3000 bits acceptable until 2027-01-01, reviewed 2027-06-01
// (so a reviewed date: past it is "expired", not a forecast); RSA from 3000 bits until 2040; the rest as shipped.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDocumentTimestamp, addDss, buildArchive, createCrl, generateRsaKey, sealVariant, serialFor, type TestPki } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory, tsaCertificate } from "../helpers/fixtures.js";
import defaultPolicy from "../../schemas/crypto-policy.default.json" with { type: "json" };

const at = (iso: string) => new Date(iso);
const base = testPki();
/** The seal (expires 2026-12-08) and the signature timestamp's TSA (2027-06-01) short-lived, RSA-2048 both. */
const shortPki: TestPki = {
  ...base,
  seal: sealVariant(base, { key: base.seal.key, serial: serialFor("seal-short") }),
  tsa: tsaCertificate(base, "short", at("2027-06-01T00:00:00Z")),
};
/** The archive TSA: RSA-3072, valid for a century. */
const archivePki: TestPki = { ...base, tsa: tsaCertificate(base, "3072", at("2124-01-01T00:00:00Z"), base.tsaRoot, generateRsaKey(3072)) };

const tsaCrl = (thisUpdate: string) =>
  createCrl({ issuer: base.tsaRoot, thisUpdate: at(thisUpdate), nextUpdate: new Date(at(thisUpdate).getTime() + 7 * 86400_000) });

/** B-LTA: the first TSA's revocation data, an archive timestamp (RSA-3072) at `stampedAt`, then the archive TSA's. */
async function lta(stampedAt: string): Promise<Uint8Array> {
  const bt = (await buildArchive(shortPki)).pdf;
  const withData = await addDss(bt, shortPki, "table", { certs: [shortPki.tsa.der], crls: [tsaCrl("2025-12-09T09:00:00Z")] });
  const stamped = await addDocumentTimestamp(withData, archivePki, at(stampedAt));
  return addDss(stamped, shortPki, "table", { certs: [archivePki.tsa.der], crls: [tsaCrl(new Date(at(stampedAt).getTime() + 3600_000).toISOString())] });
}

const policy = (() => {
  const f = join(tempDir("sealcheck-policy-"), "policy.json");
  writeFileSync(
    f,
    JSON.stringify({
      ...defaultPolicy,
      name: "RSA-2048 until 2027",
      reviewed: "2027-06-01",
      publicKeys: [
        ...defaultPolicy.publicKeys.filter((k) => k.type !== "rsa"),
        { type: "rsa", minBits: 1900, until: "2027-01-01" },
        { type: "rsa", minBits: 3000, until: "2040-01-01" },
      ],
    }),
  );
  return f;
})();

async function verify(pdf: Uint8Array, atTime: string) {
  const file = join(tempDir("sealcheck-lt-alg-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at: atTime, cryptoPolicy: policy });
}

describe("an archive timestamp rescues an algorithm that has expired since (judged at the POE that protects it)", () => {
  const T = "2028-06-01T00:00:00Z"; // after RSA-2048's date, the seal's and the first TSA's expiry

  it("stamped 2026-06-01, while RSA-2048 was acceptable: the seal's and the first TSA's RSA-2048 are judged at their POE, TOTAL-PASSED", async () => {
    const r = await verify(await lta("2026-06-01T00:00:00Z"), T);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const lt = r.longTerm!;
    const [sigTs, archiveTs] = lt.proofsOfExistence;
    // The signature timestamp (RSA-2048) judged at the archive timestamp's time, where its key was acceptable.
    expect(sigTs).toMatchObject({ kind: "signature-timestamp", proven: true, judgedAt: "2026-06-01T00:00:00Z" });
    expect(sigTs!.algorithms.find((a) => a.algorithm === "RSA 2048 bits")).toEqual({
      algorithm: "RSA 2048 bits",
      acceptableUntil: "2027-01-01T00:00:00Z",
      standing: "acceptable",
    });
    // The archive timestamp (RSA-3072) judged now.
    expect(archiveTs).toMatchObject({ kind: "document-timestamp", proven: true, judgedAt: T });
    expect(archiveTs!.algorithms.find((a) => a.algorithm === "RSA 3072 bits")?.standing).toBe("acceptable");
    // The seal's RSA-2048 at its earliest proven POE, the sealing time.
    expect(lt.earliestProvenPoe).toBe("2025-12-08T08:36:38Z");
    expect(lt.sealAlgorithms.find((a) => a.algorithm === "RSA 2048 bits")?.standing).toBe("acceptable");
    expect(check(r, "long-term").message).toContain("past signature validation passes");
  });

  it("stamped 2027-03-01, after RSA-2048's date: the signature timestamp proves nothing, and the seal's key is judged then: INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE_NO_POE", async () => {
    const r = await verify(await lta("2027-03-01T00:00:00Z"), T);
    expect([r.indication, r.subIndication, r.decidedBy]).toEqual(["INDETERMINATE", "CRYPTO_CONSTRAINTS_FAILURE_NO_POE", ["long-term"]]);
    const [sigTs] = r.longTerm!.proofsOfExistence;
    expect(sigTs).toMatchObject({ kind: "signature-timestamp", proven: false, judgedAt: "2027-03-01T00:00:00Z" });
    expect(sigTs!.reason).toMatch(/RSA 2048 bits is not acceptable at 2027-03-01T00:00:00Z \(RSA-2048 until 2027\)/);
    expect(check(r, "long-term").message).toMatch(/The seal's RSA 2048 bits is not acceptable at 2027-03-01T00:00:00Z under RSA-2048 until 2027/);
  });

  it("control: the same archive judged before RSA-2048's date needs no rescue: TOTAL-PASSED either way", async () => {
    for (const stamped of ["2026-06-01T00:00:00Z", "2027-03-01T00:00:00Z"]) {
      const r = await verify(await lta(stamped), "2026-09-01T00:00:00Z");
      expect(r.indication, stamped).toBe("TOTAL-PASSED");
    }
  });
});

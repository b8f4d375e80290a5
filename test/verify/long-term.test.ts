// Long-term validation (issue 36 parts 1, 2): proofs of existence from every verified timestamp, past validation
// at those proofs, the crypto policy by date, "protected until". Archives built with the generator over a PKI
// whose seal and first TSA are short-lived, so that --at can move past their expiry; every test states its time.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { parsePdf, readDss } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { NumberAllocator, appendUpdate, arr, withEntry } from "../../src/augment/writer.js";
import { verifyMany } from "../../src/api/batch.js";
import { DEFAULT_CRYPTO_POLICY, parseCryptoPolicy } from "../../src/pki/algorithms.js";
import { addDocumentTimestamp, addDss, buildArchive, createCrl, sealVariant, serialFor, TIMELINE, type TestPki } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory, tsaCertificate } from "../helpers/fixtures.js";
import { runCli } from "../helpers/cli.js";
import defaultPolicy from "../../schemas/crypto-policy.default.json" with { type: "json" };
import policySchema from "../../schemas/crypto-policy.schema.json" with { type: "json" };

const at = (iso: string) => new Date(iso);
const AFTER_EXPIRIES = "2028-06-01T00:00:00Z"; // after the seal's and the first TSA's certificates expired

const base = testPki();
/** Seal and first TSA short-lived (as the broker's are); a second TSA for the archive timestamps. */
const shortPki: TestPki = {
  ...base,
  seal: sealVariant(base, { key: base.seal.key, serial: serialFor("seal-short") }),
  tsa: tsaCertificate(base, "short", at("2027-06-01T00:00:00Z")),
};
const archivePki: TestPki = { ...base, tsa: tsaCertificate(base, "archive", at("2124-01-01T00:00:00Z")) };

/** A CRL of the TSA root about the TSA certificates, issued at `thisUpdate`, optionally revoking one. */
const tsaCrl = (thisUpdate: string, revoked?: { tsa: TestPki["tsa"]; at: string }) =>
  createCrl({
    issuer: base.tsaRoot,
    thisUpdate: at(thisUpdate),
    nextUpdate: new Date(at(thisUpdate).getTime() + 7 * 86400_000),
    ...(revoked ? { revoked: [{ serial: new Uint8Array(revoked.tsa.cert.serialNumber.valueBlock.valueHexView), at: at(revoked.at) }] } : {}),
  });

async function write(pdf: Uint8Array): Promise<string> {
  const file = join(tempDir("sealcheck-lt-"), "archive.pdf");
  writeFileSync(file, pdf);
  return file;
}

/** B-T: the seal and its signature timestamp only. */
const bt = async () => (await buildArchive(shortPki)).pdf;

/**
 * B-LTA: a DSS with the first TSA's revocation data, a document timestamp by the archive TSA at
 * 2025-12-09T10:00:00Z, and a DSS (not covered by a timestamp) with the archive TSA's revocation data.
 */
async function lta(o: { firstCrl?: Uint8Array; archiveCrl?: Uint8Array; stampedAt?: string } = {}): Promise<Uint8Array> {
  const withData = await addDss(await bt(), shortPki, "table", { certs: [shortPki.tsa.der], crls: [o.firstCrl ?? tsaCrl("2025-12-09T09:00:00Z")] });
  const stamped = await addDocumentTimestamp(withData, archivePki, at(o.stampedAt ?? "2025-12-09T10:00:00Z"));
  return addDss(stamped, shortPki, "table", { certs: [archivePki.tsa.der], crls: [o.archiveCrl ?? tsaCrl("2025-12-09T11:00:00Z")] });
}

const verify = async (pdf: Uint8Array, atTime: string, extra: { cryptoPolicy?: string } = {}) =>
  verifyArchive({ evidence: await write(pdf), trust: [trustDirectory()], at: atTime, ...extra });

describe("long-term validation: proofs of existence", () => {
  it("B-T before the seal certificate expires: passed, but not protected (no proven proof of existence)", async () => {
    const r = await verify(await bt(), "2026-06-01T00:00:00Z");
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(["passed", "warning"]).toContain(check(r, "long-term").status);
    // attack36 P1: the seal certificate's validity is no protection date (a revocation to come would need a POE).
    expect(r.longTerm?.protectedUntil).toBeNull();
    // The signature timestamp is not proven (no revocation data for its TSA), and the statement says so.
    expect(r.longTerm?.proofsOfExistence).toMatchObject([{ kind: "signature-timestamp", proven: false, reason: "no revocation data for the TSA certificate" }]);
  });

  it("B-T after the seal's and the TSA's certificates expired: INDETERMINATE/OUT_OF_BOUNDS_NOT_REVOKED, what it proves, what restores it", async () => {
    const r = await verify(await bt(), AFTER_EXPIRIES);
    expect([r.indication, r.subIndication, r.decidedBy]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED", ["long-term"]]);
    const m = check(r, "long-term").message;
    expect(m).toContain(
      `valid at the sealing time ${TIMELINE.timestampAt.toISOString().replace(".000Z", "Z")}, proven by a timestamp whose own proof is now missing`,
    );
    expect(m).toContain("expired at 2027-06-01T00:00:00Z"); // the TSA certificate: nothing can be fetched for it any more
    expect(check(r, "seal-certificate").status).toBe("passed"); // past validation at the sealing time
    expect(r.longTerm?.protectedUntil).toBeNull();
  });

  it("B-LTA after both expiries: the archive timestamp proves the signature timestamp, which proves the seal: TOTAL-PASSED", async () => {
    const r = await verify(await lta(), AFTER_EXPIRIES);
    expect(r.indication).toBe("TOTAL-PASSED");
    const lt = r.longTerm!;
    expect(lt.proofsOfExistence.map((p) => [p.kind, p.proven, p.judgedAt])).toEqual([
      ["signature-timestamp", true, "2025-12-09T10:00:00Z"],
      ["document-timestamp", true, "2028-06-01T00:00:00Z"],
    ]);
    expect(lt.earliestProvenPoe).toBe(TIMELINE.timestampAt.toISOString().replace(".000Z", "Z"));
    // The archive TSA's RSA-2048 key is past the policy's (forecast) date of 2026: a warning, and the horizon.
    expect(check(r, "long-term").status).toBe("warning");
    expect(lt.protectedUntil).toBe("2026-01-01T00:00:00Z");
  });

  // Archived after the seal certificate expired (2026-12-08): only the signature timestamp, proven by the archive
  // timestamp of 2027-01-01, can carry the seal; whether it does depends on when its TSA's certificate was revoked.
  const lateLta = (revokedAt: string) => {
    const revoked = { tsa: shortPki.tsa, at: revokedAt };
    // Every CRL of the TSA root after the revocation lists it.
    return lta({ stampedAt: "2027-01-01T00:00:00Z", firstCrl: tsaCrl("2027-02-02T00:00:00Z", revoked), archiveCrl: tsaCrl("2027-02-02T00:00:00Z", revoked) });
  };

  it("the first TSA's certificate revoked after the proof of existence the archive timestamp gives it: still proven, TOTAL-PASSED", async () => {
    const r = await verify(await lateLta("2027-02-01T00:00:00Z"), AFTER_EXPIRIES);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(r.longTerm?.proofsOfExistence[0]).toMatchObject({ kind: "signature-timestamp", proven: true, judgedAt: "2027-01-01T00:00:00Z" });
  });

  it("the first TSA's certificate revoked before that proof of existence: the signature timestamp proves nothing, INDETERMINATE", async () => {
    const r = await verify(await lateLta("2026-12-31T00:00:00Z"), AFTER_EXPIRIES);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED"]);
    expect(r.longTerm?.proofsOfExistence.map((p) => p.proven)).toEqual([false, true]);
    expect(r.longTerm?.proofsOfExistence[0]?.reason).toContain("revoked at 2026-12-31T00:00:00Z");
  });

  it("an archive timestamp proves the seal itself too: with the signature timestamp's TSA revoked, the seal still existed at the archive time", async () => {
    const revoked = { tsa: shortPki.tsa, at: "2025-12-09T09:30:00Z" };
    const r = await verify(
      await lta({ firstCrl: tsaCrl("2025-12-09T09:45:00Z", revoked), archiveCrl: tsaCrl("2025-12-09T11:00:00Z", revoked) }),
      AFTER_EXPIRIES,
    );
    expect(r.longTerm?.proofsOfExistence.map((p) => p.proven)).toEqual([false, true]);
    expect(r.longTerm?.earliestProvenPoe).toBe("2025-12-09T10:00:00Z"); // before the seal certificate expired
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("revocation data issued before the timestamp says nothing of the time after it: not proven", async () => {
    const r = await verify(await addDss(await bt(), shortPki, "table", { crls: [tsaCrl("2025-12-01T00:00:00Z")] }), "2026-06-01T00:00:00Z");
    expect(r.longTerm?.proofsOfExistence[0]).toMatchObject({ proven: false });
    expect(r.longTerm?.proofsOfExistence[0]?.reason).toContain("issued before the timestamp");
    // The seal certificate is still valid then: the seal validates at the validation time itself.
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("the newest timestamp without revocation data for its TSA proves nothing, so neither does the chain below it", async () => {
    const withData = await addDss(await bt(), shortPki, "table", { crls: [tsaCrl("2025-12-09T09:00:00Z")] });
    const stamped = await addDocumentTimestamp(withData, archivePki, at("2025-12-09T10:00:00Z"));
    const r = await verify(stamped, AFTER_EXPIRIES);
    expect(r.indication).toBe("INDETERMINATE");
    expect(r.longTerm?.proofsOfExistence.map((p) => p.proven)).toEqual([false, false]);
  });

  it("a chain broken in the middle: a later archive timestamp still proves what the broken one covered", async () => {
    // Timestamp 2 (first TSA, no fresh revocation data for it) is not proven; timestamp 3 covers everything before it.
    const one = await addDss(await bt(), shortPki, "table", { crls: [tsaCrl("2025-12-09T09:00:00Z")] });
    const two = await addDocumentTimestamp(one, shortPki, at("2025-12-09T10:00:00Z"));
    const three = await addDocumentTimestamp(two, archivePki, at("2025-12-10T10:00:00Z"));
    const r = await verify(await addDss(three, shortPki, "table", { crls: [tsaCrl("2025-12-10T11:00:00Z")] }), AFTER_EXPIRIES);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(r.longTerm?.proofsOfExistence.map((p) => [p.genTime, p.proven])).toEqual([
      ["2025-12-08T08:36:38Z", true],
      ["2025-12-09T10:00:00Z", true], // the last CRL (2025-12-10) is fresh for it too
      ["2025-12-10T10:00:00Z", true],
    ]);
  });

  it("--at before every certificate's validity: INDETERMINATE, the evidence did not exist yet", async () => {
    const r = await verify(await bt(), "2020-06-01T00:00:00Z");
    expect([check(r, "long-term").status, check(r, "long-term").subIndication]).toEqual(["indeterminate", "OUT_OF_BOUNDS_NO_POE"]);
  });
});

describe("cryptographic constraints by date (--policy)", () => {
  const policyFile = (o: Record<string, unknown>) => {
    const f = join(tempDir("sealcheck-policy-"), "policy.json");
    writeFileSync(f, JSON.stringify({ ...defaultPolicy, ...o }));
    return f;
  };

  it("the shipped default policy is valid against its schema, and is the default", () => {
    const ajv = new Ajv2020.default({ strict: false });
    addFormats.default(ajv);
    expect(ajv.validate(policySchema, defaultPolicy), JSON.stringify(ajv.errors)).toBe(true);
    expect(parseCryptoPolicy(defaultPolicy).sha256).toBe(DEFAULT_CRYPTO_POLICY.sha256);
  });

  it("an algorithm past a reviewed date at the proof of existence: INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE_NO_POE, the policy named", async () => {
    // RSA below 3000 bits only until 2020, reviewed since: the sample seal's RSA-2048 key is not acceptable in 2026.
    const f = policyFile({
      name: "strict test policy",
      reviewed: "2024-01-01",
      publicKeys: [
        { type: "rsa", minBits: 1900, until: "2020-01-01" },
        { type: "rsa", minBits: 3000, until: "2029-01-01" },
      ],
    });
    const r = await verify(await bt(), "2026-06-01T00:00:00Z", { cryptoPolicy: f });
    expect([r.indication, r.subIndication, r.decidedBy]).toEqual(["INDETERMINATE", "CRYPTO_CONSTRAINTS_FAILURE_NO_POE", ["long-term"]]);
    expect(check(r, "long-term").message).toContain("RSA 2048 bits");
    expect(r.verification?.options.cryptoPolicy?.name).toBe("strict test policy");
    expect(r.longTerm?.policy.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.longTerm?.policy.sha256).not.toBe(DEFAULT_CRYPTO_POLICY.sha256);
  });

  it("past a forecast date (after the policy's review): a warning, the verdict stands", async () => {
    const r = await verify(await bt(), "2026-06-01T00:00:00Z");
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "long-term").status).toBe("warning");
    expect(check(r, "long-term").message).toContain("RSA 2048 bits");
    expect(r.verification?.options.cryptoPolicy).toEqual({ name: DEFAULT_CRYPTO_POLICY.name, sha256: DEFAULT_CRYPTO_POLICY.sha256 });
  });

  it("a policy that is not one, or no file: exit 3 naming the file and what is wrong", () => {
    const bad = policyFile({ publicKeys: [{ type: "rsa", minBits: 2048, untill: "2030-01-01" }] });
    const r = runCli(["verify", "samples/valid/archive.pdf", "--trust", "samples/trust", "--policy", bad]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(bad);
    expect(r.stderr).toMatch(/unknown key "untill"/);
    const missing = runCli(["verify", "samples/valid/archive.pdf", "--trust", "samples/trust", "--policy", "no-such-policy.json"]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain("no-such-policy.json");
    expect(() => parseCryptoPolicy({ ...defaultPolicy, reviewed: "2024-02-30" })).toThrow(/reviewed/);
  });
});

describe("protection horizon in batches (issue 36 part 4)", () => {
  it("verifyMany gives each archive's protectedUntil; verify-batch --expiring-before lists those to renew", async () => {
    const dir = tempDir("sealcheck-horizon-");
    const files = { "b-t.pdf": await bt(), "b-lta.pdf": await lta() };
    for (const [name, pdf] of Object.entries(files)) writeFileSync(join(dir, name), pdf);
    const specs = Object.keys(files).map((n) => ({ evidence: join(dir, n), originals: [] }));
    const got: Record<string, string | null | undefined> = {};
    for await (const r of verifyMany(specs, { workers: 0, trust: [trustDirectory()], at: "2026-06-01T00:00:00Z" }))
      got[r.evidence.split("/").pop()!] = r.protectedUntil;
    // B-T: none (no proven POE). B-LTA: the archive timestamp's horizon (its TSA's RSA-2048 key: 2026 by the policy).
    expect(got).toEqual({ "b-t.pdf": null, "b-lta.pdf": "2026-01-01T00:00:00Z" });

    const run = (before: string) =>
      runCli([
        "verify-batch",
        dir,
        "--allow-missing-originals",
        "--trust",
        trustDirectory(),
        "--at",
        "2025-12-10T00:00:00Z",
        "--expiring-before",
        before,
        "--json",
      ]);
    const soon = JSON.parse(run("2026-06-01T00:00:00Z").stdout);
    // The B-T archive has no protection date at all: it is listed to renew whatever the date.
    expect(soon.toRenew.before).toBe("2026-06-01T00:00:00.000Z");
    expect(soon.toRenew.count).toBe(2);
    expect(soon.toRenew.archives).toEqual(
      expect.arrayContaining([
        { evidence: join(dir, "b-lta.pdf"), protectedUntil: "2026-01-01T00:00:00Z" },
        { evidence: join(dir, "b-t.pdf"), protectedUntil: null },
      ]),
    );
    const later = JSON.parse(run("2027-01-01T00:00:00Z").stdout);
    expect(later.toRenew.count).toBe(2);
    const bad = run("2027-01-01");
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain("--expiring-before");
  });
});

// attack36 P1, the second rule: a later revision that drops DSS items an archive timestamp covered takes no
// proof away. EU DSS keeps each revision's DSS for the timestamps after it; pyHanko's difference analysis lets a
// later revision remove individual DSS items (PAdES allows it), so such a revision stays an LTV-only update and
// validation reads the data of every revision's DSS.
describe("validation data of every revision's DSS (attack36 P1)", () => {
  /** samples/lta/archive.pdf with one more revision whose DSS lists nothing (its certificates, OCSPs and CRLs dropped). */
  function emptiedDss(pdf: Uint8Array): Uint8Array {
    const doc = parsePdf(wholeSource(pdf), resolveLimits());
    const view = doc.latest();
    const alloc = new NumberAllocator(doc);
    const catalog = view.catalog();
    const dssRaw = rawGet(catalog, "DSS");
    const old = view.resolve(dssRaw);
    if (dssRaw?.kind !== "ref" || old?.kind !== "dict") throw new Error("the sample has no indirect DSS");
    let dss = withEntry(old, "Certs", arr([]));
    dss = withEntry(dss, "OCSPs", arr([]));
    dss = withEntry(dss, "CRLs", arr([]));
    return appendUpdate(doc, [{ num: dssRaw.num, gen: dssRaw.gen, value: dss }], alloc).bytes;
  }

  it("an LTA archive whose latest DSS was emptied keeps its proofs: B-LTA, protected until the archive timestamp's horizon, as before", async () => {
    const lta = new Uint8Array(readFileSync("samples/lta/archive.pdf"));
    const emptied = emptiedDss(lta);
    const T = "2026-06-01T00:00:00Z";
    const honest = await verify(lta, T);
    const r = await verify(emptied, T);
    expect(readDss(parsePdf(wholeSource(emptied), resolveLimits()).latest())).toMatchObject({ certs: [], ocsps: [], crls: [] });
    // Before: "B-T", no proven proof of existence, so no protection date (and, before cbcc691, the seal's expiry).
    expect([r.indication, r.seal?.padesLevel, r.longTerm?.protectedUntil]).toEqual(["TOTAL-PASSED", "B-LTA", honest.longTerm?.protectedUntil]);
    expect(honest.longTerm?.protectedUntil).toBe("2026-01-01T00:00:00Z");
    expect(r.longTerm?.proofsOfExistence.map((p) => [p.kind, p.proven])).toEqual(honest.longTerm?.proofsOfExistence.map((p) => [p.kind, p.proven]));
    // The emptying revision is an LTV-only update (as pyHanko: dropping DSS items is allowed).
    expect(check(r, "seal-modifications").status).toBe("passed");
  });
});

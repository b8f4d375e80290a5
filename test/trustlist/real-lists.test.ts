// The real signed EU trusted lists of ../shared/tl (its README says where they come from): the genuine ones
// verify at their own issue date once their signer is trusted, each damaged variant is refused with its
// reason, and no service of a list that did not verify is ever exposed. Skipped where ../shared is absent.
import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { verifyTrustedList } from "../../src/trustlist/index.js";
import type { TrustedListReport } from "../../src/trustlist/types.js";
import { hasShared } from "../helpers/shared.js";

const DIR = "../shared/tl";
const here = hasShared("tl/EU.xml", "test/trustlist/real-lists.test.ts");
const list = (f: string) => ({ bytes: new Uint8Array(readFileSync(`${DIR}/${f}`)), file: f });
const LOTL_SIGNER = new Uint8Array(readFileSync("test/fixtures/tl/lotl-signer-2019.pem"));

/** The certificate in a list's own KeyInfo: what its operator publishes as its signer (FI has no LOTL here). */
function ownSigner(f: string): Uint8Array {
  const text = readFileSync(`${DIR}/${f}`, "utf8");
  const sig = text.slice(text.lastIndexOf("Signature "));
  const b64 = /X509Certificate>([^<]+)</.exec(sig)![1]!.replace(/\s+/g, "");
  return new Uint8Array(Buffer.from(b64, "base64"));
}

const status = (r: TrustedListReport) => Object.fromEntries(r.checks.map((c) => [c.id, c.status]));
const check = (r: TrustedListReport, id: string) => r.checks.find((c) => c.id === id)!;

describe.skipIf(!here)("real EU trusted lists (../shared/tl)", () => {
  it("the 2019 LOTL verifies at its own issue date with its announced signer pinned, and lists its pointers", async () => {
    const r = await verifyTrustedList(list("EU.xml"), { signers: [LOTL_SIGNER] });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(r.validationTime).toBe("2019-09-04T08:00:00.000Z");
    expect(r.validationTimeSource).toBe("list-issue-date");
    expect(Object.values(status(r)).every((s) => s === "passed")).toBe(true);
    expect(r.list).toMatchObject({ kind: "list-of-lists", territory: "EU", sequenceNumber: 248, version: 5 });
    const es = r.pointers!.filter((p) => p.territory === "ES" && p.mimeType === "application/vnd.etsi.tsl+xml");
    expect(es).toHaveLength(1);
    expect(es[0]!.signerCertificates.map((c) => c.slice(0, 16))).toEqual(["984B45928CA13691", "5C6CF245506DC56E"]);
    expect(r.signer!.sha256.slice(0, 16)).toBe("D2064FDD70F6982D");
  });

  it("a pinned signer that is no certificate is the caller's mistake (ERR_USAGE), not a signer that never matches", async () => {
    await expect(verifyTrustedList(list("EU.xml"), { signers: [new Uint8Array([1, 2, 3])] })).rejects.toMatchObject({ code: "ERR_USAGE" });
    await expect(
      verifyTrustedList(list("EU.xml"), { signers: [new Uint8Array(Buffer.from("-----BEGIN KEY-----\nAA==\n-----END KEY-----\n"))] }),
    ).rejects.toMatchObject({
      code: "ERR_USAGE",
    });
  });

  it("without a pinned signer the LOTL is INDETERMINATE, and nothing of it is exposed", async () => {
    const r = await verifyTrustedList(list("EU.xml"));
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "NO_CERTIFICATE_CHAIN_FOUND"]);
    expect(r.decidedBy).toEqual(["tl-signer"]);
    expect(status(r)["tl-signature"]).toBe("passed");
    expect(r.pointers).toBeNull();
    expect(r.providers).toBeNull();
    // The EU list's signer is a person: messages name the certificate by digest, never by name.
    expect(JSON.stringify(r.checks.map((c) => c.message))).not.toMatch(/Kremer/);
  });

  it.each([
    ["eu-lotl-broken-sig.xml", "HASH_FAILURE", "tl-signature", /changed after signing/],
    ["eu-lotl-no-sig.xml", "FORMAT_FAILURE", "tl-signature", /no signature/],
    ["eu-lotl-no-tl-version.xml", "FORMAT_FAILURE", "tl-structure", /no TSLVersionIdentifier/],
    ["eu-lotl-not-parseable.xml", "FORMAT_FAILURE", "tl-format", /not well-formed XML: unexpected close tag \(line 55, column 32\)/],
  ])("%s is refused: %s by %s", async (file, sub, id, message) => {
    const r = await verifyTrustedList(list(file), { signers: [LOTL_SIGNER] });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", sub]);
    expect(r.decidedBy[0]).toBe(id);
    expect(check(r, id).status).toBe("failed");
    expect(check(r, id).message).toMatch(message);
    expect(r.providers).toBeNull();
    expect(r.pointers).toBeNull();
  });

  it("the damaged variant without TSLVersionIdentifier also fails its signature: the change is after signing", async () => {
    const r = await verifyTrustedList(list("eu-lotl-no-tl-version.xml"), { signers: [LOTL_SIGNER] });
    expect(check(r, "tl-signature").subIndication).toBe("HASH_FAILURE");
  });

  it("the Finnish lists in version 5 and 6 verify with their operator's signer pinned; the invalid v5 one is refused for its schema alone", async () => {
    for (const f of ["fi-v5.xml", "fi-v6.xml"]) {
      const r = await verifyTrustedList(list(f), { signers: [ownSigner(f)] });
      expect([f, r.indication]).toEqual([f, "TOTAL-PASSED"]);
      expect(r.list!.version).toBe(f === "fi-v6.xml" ? 6 : 5);
      expect(r.providers!.length).toBeGreaterThan(0);
    }
    // Validly signed by its producer, but a version 5 list carrying version 6's ServiceSupplyPoint/@type.
    const bad = await verifyTrustedList(list("fi-v5-invalid.xml"), { signers: [ownSigner("fi-v5-invalid.xml")] });
    expect([bad.indication, bad.subIndication, bad.decidedBy]).toEqual(["TOTAL-FAILED", "FORMAT_FAILURE", ["tl-structure"]]);
    expect(check(bad, "tl-signature").status).toBe("passed");
    expect(check(bad, "tl-structure").message).toMatch(/ServiceSupplyPoint: attribute type is not allowed here in a version 5 list/);
    expect(bad.providers).toBeNull();
  });

  it.each(["DK.xml", "ES.xml", "NO.xml", "SE.xml"])("%s verifies through the LOTL's pointer for its territory", async (f) => {
    const r = await verifyTrustedList(list(f), { signers: [LOTL_SIGNER], lotls: [list("EU.xml")] });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(check(r, "tl-signer").details!.trustedBy).toBe("the list of lists #248 (EU.xml)");
    expect(r.lotlChain).toEqual([expect.objectContaining({ file: "EU.xml", sequenceNumber: 248, indication: "TOTAL-PASSED", trustedBy: "pinned" })]);
    expect(r.providers!.length).toBeGreaterThan(0);
  });

  it("a national list is not trusted by pinning the LOTL's signer alone, nor through a LOTL that fails", async () => {
    const alone = await verifyTrustedList(list("SE.xml"), { signers: [LOTL_SIGNER] });
    expect([alone.indication, alone.subIndication]).toEqual(["INDETERMINATE", "NO_CERTIFICATE_CHAIN_FOUND"]);
    const broken = await verifyTrustedList(list("SE.xml"), { signers: [LOTL_SIGNER], lotls: [list("eu-lotl-broken-sig.xml")] });
    expect([broken.indication, broken.subIndication]).toEqual(["INDETERMINATE", "NO_CERTIFICATE_CHAIN_FOUND"]);
    expect(check(broken, "tl-signer").message).toMatch(/#248 \(eu-lotl-broken-sig.xml\) did not verify \(TOTAL-FAILED\/HASH_FAILURE\)/);
    expect(broken.providers).toBeNull();
    const unpinned = await verifyTrustedList(list("SE.xml"), { lotls: [list("EU.xml")] });
    expect(unpinned.indication).toBe("INDETERMINATE");
    expect(unpinned.lotlChain[0]!.indication).toBe("INDETERMINATE");
  });

  it("the Finnish 2024 list is not vouched for by the 2019 LOTL: long replaced by then (and its pointer names other certificates)", async () => {
    const r = await verifyTrustedList(list("fi-v5.xml"), { signers: [LOTL_SIGNER], lotls: [list("EU.xml")] });
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "NO_CERTIFICATE_CHAIN_FOUND"]);
    expect(check(r, "tl-signer").message).toMatch(
      /The list of lists #248 \(EU.xml\) was due to be replaced at 2020-03-04T00:00:00.000Z, before this list was issued \(2024-11-14/,
    );
  });

  it("the pivot chain 247 → 248 → 282 → 300: each LOTL vouched for by the one before, from a pinned 247 signer", async () => {
    const s247 = ownSigner("eu-lotl-pivot.xml");
    const lotls = [list("eu-lotl-pivot-282.xml"), list("EU.xml"), list("eu-lotl-pivot.xml")];
    const r = await verifyTrustedList(list("eu-lotl-pivot-300.xml"), { signers: [s247], lotls });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(r.lotlChain.map((l) => [l.sequenceNumber, l.indication, l.trustedBy])).toEqual([
      [247, "TOTAL-PASSED", "pinned"],
      [248, "TOTAL-PASSED", "the list of lists #247 (eu-lotl-pivot.xml)"],
      [282, "TOTAL-PASSED", "the list of lists #248 (EU.xml)"],
    ]);
    expect(check(r, "tl-signer").details!.trustedBy).toBe("the list of lists #282 (eu-lotl-pivot-282.xml)");
    // Without 247 and 248 the chain has no start: 282's signer is not the pinned one, and nothing announces it.
    const gap = await verifyTrustedList(list("eu-lotl-pivot-300.xml"), { signers: [s247], lotls: [list("eu-lotl-pivot-282.xml")] });
    expect([gap.indication, gap.subIndication]).toEqual(["INDETERMINATE", "NO_CERTIFICATE_CHAIN_FOUND"]);
    expect(gap.lotlChain.map((l) => [l.sequenceNumber, l.indication])).toEqual([[282, "INDETERMINATE"]]);
    expect(gap.providers).toBeNull();
  });

  it("a list judged after its NextUpdate is INDETERMINATE/TRY_LATER; before its issue, NO_POE", async () => {
    const late = await verifyTrustedList(list("EU.xml"), { signers: [LOTL_SIGNER], at: new Date("2025-01-01T00:00:00Z") });
    expect([late.indication, late.subIndication, late.decidedBy]).toEqual(["INDETERMINATE", "TRY_LATER", ["tl-freshness"]]);
    expect(late.validationTimeSource).toBe("at-option");
    const early = await verifyTrustedList(list("EU.xml"), { signers: [LOTL_SIGNER], at: new Date("2019-09-01T00:00:00Z") });
    expect([early.indication, early.subIndication]).toEqual(["INDETERMINATE", "NO_POE"]);
  });

  it("Spain's 2019 list names Firmaprofesional, but not the later-generation TSA of the broker's real archive", async () => {
    const r = await verifyTrustedList(list("ES.xml"), { signers: [LOTL_SIGNER], lotls: [list("EU.xml")] });
    const firma = r.providers!.filter((p) => /firmaprofesional/i.test(p.name ?? ""));
    expect(firma.length).toBeGreaterThan(0);
    // The issuing CA of that TSA, an anchor of the archive's test: by certificate, never by name.
    const ica = new X509Certificate(readFileSync("test/fixtures/real/broker-example/trust/firmaprofesional-ica-b02-qtsa.pem"));
    const listed = r.providers!.flatMap((p) => p.services.flatMap((s) => s.certificates.map((c) => c.sha256)));
    expect(listed.length).toBeGreaterThan(30);
    expect(listed).not.toContain(ica.fingerprint256.replace(/:/g, ""));
  });
});

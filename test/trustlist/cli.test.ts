// sealcheck verify-tl as users run it (dist/cli/main.js, built by the global setup), on the real lists in
// ../shared/tl (its README says where they come from): exit codes, the report, one line on stderr when a file
// is missing. Skipped where ../shared is not beside the checkout.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasUnsafeCharacters } from "../../src/render/sanitize.js";
import { runCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/fixtures.js";
import { hasShared } from "../helpers/shared.js";

const TL = "../shared/tl";
const SIGNER = "test/fixtures/tl/lotl-signer-2019.pem";
const present = hasShared("tl/EU.xml", "test/trustlist/cli.test.ts");

const tl = (...args: string[]) => runCli(["verify-tl", ...args], {}, { timeoutMs: 60_000 });
const json = (...args: string[]) => {
  const r = tl(...args, "--json");
  return { ...r, report: JSON.parse(r.stdout) as Record<string, unknown> & { checks: { id: string; status: string }[] } };
};

describe.skipIf(!present)("sealcheck verify-tl on the real lists", () => {
  it("the EU list of lists with its pinned signer: exit 0, TOTAL-PASSED at its own issue date", () => {
    const r = json(`${TL}/EU.xml`, "--trust", SIGNER);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.report).toMatchObject({ kind: "trusted-list", indication: "TOTAL-PASSED", subIndication: null, validationTimeSource: "list-issue-date" });
    expect(r.report.checks.map((c) => c.id)).toEqual(["tl-format", "tl-structure", "tl-signature", "tl-signer", "tl-freshness"]);
    expect(r.report.pointers).not.toBeNull();
    const human = tl(`${TL}/EU.xml`, "--trust", SIGNER);
    expect(human.code).toBe(0);
    expect(human.stdout.split("\n")[0]).toBe("TOTAL-PASSED");
    expect(human.stdout).toMatch(/^List of trusted lists \(LOTL\): territory EU, sequence number 248,/m);
    expect(human.stdout).toMatch(/the list's own ListIssueDateTime, as its\s+signer claims it/);
    expect(human.stdout).toMatch(/^Pointers to \d+ lists:$/m);
  });

  it("without --trust nobody vouches for the signer: exit 2, INDETERMINATE/NO_CERTIFICATE_CHAIN_FOUND, nothing of the list exposed", () => {
    const r = json(`${TL}/EU.xml`);
    expect(r.code).toBe(2);
    expect(r.report).toMatchObject({ indication: "INDETERMINATE", subIndication: "NO_CERTIFICATE_CHAIN_FOUND", pointers: null, providers: null });
  });

  it("content changed after signing (eu-lotl-broken-sig.xml): exit 1, HASH_FAILURE by tl-signature", () => {
    const r = json(`${TL}/eu-lotl-broken-sig.xml`, "--trust", SIGNER);
    expect(r.code).toBe(1);
    expect(r.report).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "HASH_FAILURE", decidedBy: ["tl-signature"], providers: null, pointers: null });
  });

  it("an altered signature value: exit 1, SIG_CRYPTO_FAILURE", () => {
    const eu = readFileSync(`${TL}/EU.xml`, "utf8");
    const value = /(<ds:SignatureValue[^>]*>)([A-Za-z0-9+/]{20})/.exec(eu)!;
    const flipped = value[2]!.startsWith("A") ? `B${value[2]!.slice(1)}` : `A${value[2]!.slice(1)}`;
    const file = join(tempDir("tl-sigvalue-"), "eu-lotl-sigvalue.xml");
    writeFileSync(file, eu.replace(value[0], value[1]! + flipped));
    const r = json(file, "--trust", SIGNER);
    expect(r.code).toBe(1);
    expect(r.report).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "SIG_CRYPTO_FAILURE", decidedBy: ["tl-signature"], providers: null });
  });

  it("a list that is no XML: exit 1, FORMAT_FAILURE", () => {
    const r = json(`${TL}/eu-lotl-not-parseable.xml`, "--trust", SIGNER);
    expect(r.code).toBe(1);
    expect(r.report).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "FORMAT_FAILURE" });
  });

  it("Spain's list, its signer announced by the verified LOTL: exit 0, its providers and services", () => {
    const r = json(`${TL}/ES.xml`, "--lotl", `${TL}/EU.xml`, "--trust", SIGNER);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.report).toMatchObject({ indication: "TOTAL-PASSED", validationTimeSource: "list-issue-date" });
    expect(r.report.list).toMatchObject({ kind: "trusted-list", territory: "ES", sequenceNumber: 88 });
    expect(Array.isArray(r.report.providers) && r.report.providers.length).toBeGreaterThan(0);
    expect(r.report.lotlChain).toMatchObject([{ sequenceNumber: 248, indication: "TOTAL-PASSED" }]);
    const human = tl(`${TL}/ES.xml`, "--lotl", `${TL}/EU.xml`, "--trust", SIGNER, "--services");
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/announced by the list of lists #248/);
    expect(human.stdout).toMatch(/^\d+ trust service providers, \d+ services\.$/m);
    expect(human.stdout).toMatch(/Firmaprofesional/);
  });

  it("Spain's list without the LOTL that announces its signer: no verdict of trust (exit 2), no services", () => {
    const r = json(`${TL}/ES.xml`, "--trust", SIGNER);
    expect(r.code).toBe(2);
    expect(r.report.providers).toBeNull();
    expect(tl(`${TL}/ES.xml`, "--trust", SIGNER, "--services").stdout).not.toMatch(/Firmaprofesional/);
  });
});

describe.skipIf(!present)("sealcheck verify-tl on a hostile list", () => {
  it("text from the list and its file name cannot act on the terminal, even when the list is shown unverified", () => {
    const dir = tempDir("tl-hostile-");
    const eu = readFileSync(`${TL}/EU.xml`, "utf8");
    // XML 1.0 allows C1 controls and bidi characters in text: the operator's name now carries them (and the
    // signature no longer verifies). XML 1.0 forbids a raw ESC; refused or not, none of it may reach the terminal.
    const c1 = join(dir, "c1\u202eevil.xml");
    writeFileSync(c1, eu.replace(">European Commission<", ">European\u009b31m\u202eCommission\u2066x\u2069\u0085<"));
    const esc = join(dir, "esc.xml");
    writeFileSync(esc, eu.replace(">European Commission<", ">\u001b[2J\u001b]0;pwned\u0007Commission<"));
    for (const file of [c1, esc]) {
      const r = tl(file, "--trust", SIGNER, "--services");
      expect(r.code, r.stderr).toBe(1);
      expect(hasUnsafeCharacters(r.stdout), JSON.stringify(r.stdout.slice(0, 2000))).toBe(false);
      expect(hasUnsafeCharacters(r.stderr)).toBe(false);
      expect(r.stdout).not.toMatch(/trust service providers?,/);
    }
  });
});

describe("sealcheck verify-tl without a verdict (exit 3)", () => {
  it("a missing list, --lotl or --trust file: one line on stderr naming it, nothing on stdout", () => {
    const missing = "test/.tmp/no-such-list.xml";
    for (const args of [[missing], [SIGNER, "--lotl", missing], [SIGNER, "--trust", missing]]) {
      const r = tl(...args);
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toContain(missing);
    }
  });

  it("a bad --at and a --trust file without certificates are usage errors", () => {
    const at = tl(SIGNER, "--at", "2019-09-04");
    expect(at.code).toBe(3);
    expect(at.stderr).toMatch(/--at/);
    const trust = tl(SIGNER, "--trust", "README.md");
    expect(trust.code).toBe(3);
    expect(trust.stderr).toContain("README.md");
  });

  it("a list larger than maxXmlBytes names the limit to raise", () => {
    const r = tl(SIGNER, "--limit", "maxXmlBytes=100");
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/--limit maxXmlBytes=/);
  });
});

// Issue 37: an auditor's first hour. Anchors taken from the evidence are flagged; slips (another workflow's
// originals, an unsigned PDF as evidence, no anchors at all) are named as slips, never in forgery words.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderArchiveHuman, verifyArchive } from "../../src/index.js";
import { runCli as run } from "../helpers/cli.js";

const REAL = "test/fixtures/real/broker-example";
const REAL_AT = "2025-12-08T09:35:10Z";
const FORGERY = /not intact or not genuine|HASH_FAILURE|was changed or is the wrong file/;

describe("trust anchors taken from the evidence", () => {
  it("the real archive's seal and TSA anchors, copied from its own CMS, are a warning naming each; the OCES3 anchors are not", async () => {
    const report = await verifyArchive({ evidence: `${REAL}/archive.pdf`, trust: [`${REAL}/trust`], at: REAL_AT });
    expect(report.indication).toBe("TOTAL-PASSED");
    const c = report.checks.find((x) => x.id === "trust-anchors");
    expect(c?.status).toBe("warning");
    const carried = (c?.details?.anchorsCarriedByEvidence as { subject: string; sha256: string; carriedIn: string[] }[]).map((a) => a.sha256);
    expect(carried.sort()).toEqual(
      ["9D441F105A7D6EC87A59A56AB3BA11D37E3E2ED2D4944F76A8F1E4692D86037D", "1F3F4497DF9BAC9D72F99975B37DED7D5DB93005B1BF80E07102766F3AE405B9"].sort(),
    );
    expect(c?.message).toMatch(/2 trust anchors given are certificates the evidence itself carries: .*NETS AS Intermediate CA.*in the seal's CMS/);
    expect(c?.message).toContain("docs/trust-anchors.md");
    expect(c?.message).not.toContain("OCES");
    expect(renderArchiveHuman(report, { colour: false })).toMatch(/\[warn\] +trust-anchors/);
  });

  it("anchors the evidence does not carry: no remark (the Workflow-token JSON carries no CA certificate)", async () => {
    // At the time the token claims: the JSON form has no proof of existence (attack36 J1).
    const report = await verifyArchive({
      evidence: "samples/valid/workflowtoken.json",
      originals: ["samples/valid/originals"],
      trust: ["samples/trust"],
      at: "2025-12-08T08:36:35Z",
    });
    expect(report.indication).toBe("TOTAL-PASSED");
    expect(report.checks.some((x) => x.id === "trust-anchors")).toBe(false);
  });

  it("anchors given per role are listed in the statement with their role", async () => {
    const report = await verifyArchive({
      evidence: "samples/valid/archive.pdf",
      trustFor: { token: ["samples/trust/token-root.pem", "samples/trust/token-issuing-ca.pem"], seal: ["samples/trust/seal-root.pem"] },
      trust: ["samples/trust/tsa-root.pem"],
    });
    expect(report.indication).toBe("TOTAL-PASSED");
    const anchors = report.verification!.trustAnchors;
    expect(anchors).toHaveLength(4);
    expect(anchors[0]!.roles).toBeUndefined();
    expect(anchors.filter((a) => a.roles?.[0] === "token")).toHaveLength(2);
    expect(renderArchiveHuman(report, { colour: false })).toMatch(/For +seal only/);
  });

  it("the guide exists, is linked from the README and names the real fingerprints", () => {
    const guide = readFileSync("docs/trust-anchors.md", "utf8");
    expect(readFileSync("README.md", "utf8")).toContain("(docs/trust-anchors.md)");
    for (const sha of ["D1BCEC41D7ACAE932B7DFE66A8B7341CA75952C8664FCCEF4C4AE2150F95C5EC", "57C785236AD7C9C986B94D49ABDAFD1B955C5509338FA43A7CE0D66088C8AF9B"])
      expect(guide).toContain(sha);
  });
});

describe("slips named as slips", () => {
  it("originals of another workflow: INDETERMINATE, 'none of the files given belongs to this workflow (wrong folder?)'", async () => {
    const report = await verifyArchive({ evidence: `${REAL}/archive.pdf`, originals: ["samples/valid/originals"], trust: [`${REAL}/trust`], at: REAL_AT });
    expect(report).toMatchObject({ indication: "INDETERMINATE", subIndication: "SIGNED_DATA_NOT_FOUND", decidedBy: ["document-digests"] });
    const text = renderArchiveHuman(report, { colour: false });
    expect(text.replace(/\s+/g, " ")).toMatch(/Reason: None of the 2 files given belongs to this workflow \(wrong folder\?\)/);
    expect(text).not.toMatch(FORGERY);
    // One original changed of two is still a changed original.
    const changed = await verifyArchive({
      evidence: "samples/tampered/original-changed/workflowtoken.json",
      originals: ["samples/tampered/original-changed/originals"],
      trust: ["samples/trust"],
    });
    expect(changed).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "HASH_FAILURE" });
  });

  it("an unsigned PDF given as evidence is 'not a sealed archive', not a 'sealed PAdES PDF' that failed", () => {
    const r = run(["verify", "samples/valid/originals/Husorden.pdf", "--trust", "samples/trust"]);
    const text = r.stdout.replace(/\s+/g, " ");
    expect(text).toMatch(/The file given as evidence is not a sealed archive: there is no seal to verify\./);
    expect(text).toMatch(/Husorden\.pdf \(a PDF without any signature: not a sealed archive\)/);
    expect(text).toMatch(/If it is one of the originals, give the sealed archive/);
    expect(text).not.toMatch(/sealed PAdES PDF|not intact or not genuine/);
  });

  it("no trust anchors at all: said first, before any certificate's detail", () => {
    const r = run(["verify", "samples/valid/archive.pdf", "samples/valid/originals"]);
    expect(r.code).toBe(2);
    const head = r.stdout.split("\n").slice(0, 6).join(" ").replace(/\s+/g, " ");
    expect(head).toMatch(/Reason: No trust anchors were given \(--trust, --trust-token, --trust-seal, --trust-tsa or --trusted-list\)/);
    expect(head).not.toMatch(/TSA/);
  });
});

describe("receivers and personal data", () => {
  const ID_TOKEN = [
    "verify-id-token",
    "samples/receiver/id-token.jwt",
    "--issuer",
    "test",
    "--audience",
    "DK11111111",
    "--sender",
    "DK22222222",
    "--jwks",
    "samples/receiver/jwks.json",
    "--at",
    "2025-12-08T08:37:00Z",
    "--json",
  ];

  it("verify-id-token --json masks personal data by the archive report's rule; --show-personal-data reveals it", () => {
    const masked = JSON.parse(run(ID_TOKEN).stdout);
    expect(masked.indication).toBe("TOTAL-PASSED");
    // An allow-list (u10): `role` is not known to name no person, so it is masked too.
    expect(masked.transfer.claims).toEqual({ name: "••••••••", cpr: "••••••••", role: "••••••••" });
    expect(masked.transfer.maskedClaims).toEqual(["name", "cpr", "role"]);
    const shown = JSON.parse(run([...ID_TOKEN, "--show-personal-data"]).stdout);
    expect(shown.transfer.claims).toEqual({ name: "Jens Hansen", cpr: "0101801234", role: "tenant" });
    expect(shown.transfer.maskedClaims).toBeUndefined();
  });

  it("idp_identity_id is personal data, masked in the archive JSON and in inspect; auth_time is shown as a time", () => {
    const json = JSON.parse(run(["verify", "samples/valid/archive.pdf", "--trust", "samples/trust", "--json"]).stdout);
    const id = json.signatures[0].claims.find((c: { name: string }) => c.name === "idp_identity_id");
    expect(id).toMatchObject({ personalData: "identity-id", masked: true });
    expect(JSON.stringify(json)).not.toMatch(/3d5c1f0a-8b2e-4a6f-9c71-5e0d2b4a6c88/);
    const inspected = run(["inspect", "samples/valid/archive.pdf"]).stdout;
    expect(inspected).not.toContain("3d5c1f0a-8b2e-4a6f-9c71-5e0d2b4a6c88");
    expect(inspected).toMatch(/auth_time\s+\d{10} \(2025-12-08 \d{2}:\d{2}:\d{2} UTC\)/);
  });
});

describe("command-line forms", () => {
  it("RFC 3339 as the RFC writes it: a lower-case z, a lower-case t or a space for the T", async () => {
    for (const at of ["2025-12-08t08:36:38z", "2025-12-08 08:36:38Z", "2025-12-08 09:36:38+01:00"]) {
      const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", trust: ["samples/trust"], at });
      expect(r.validationTime, at).toBe("2025-12-08T08:36:38.000Z");
    }
    expect(run(["verify", "samples/valid/archive.pdf", "--trust", "samples/trust", "--at", "2025-12-08 08:36:38z", "--summary"]).code).toBe(0);
  });

  it("conflicting output flags are refused: --json --summary, --json -q", () => {
    for (const flags of [
      ["--json", "--summary"],
      ["--json", "-q"],
      ["--summary", "--quiet"],
    ]) {
      const r = run(["verify", "samples/valid/archive.pdf", "--trust", "samples/trust", ...flags]);
      expect(r.code, flags.join(" ")).toBe(3);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/conflict: each chooses what stdout gets; give one/);
    }
  });
});

// verify archive.pdf --token workflowtoken.json: the two copies of one workflow's token must agree,
// except for the user claims the PAdES claim filter leaves out.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildWorkflowEvidence, workflowTokenJson } from "../../scripts/generator/index.js";
import { compareTokenCopies, crossCheckToken, type TokenCopy } from "../../src/verify/cross-check.js";
import { verifyArchiveWithToken } from "../../src/verify/archive.js";
import { check, testPki, trustDirectory } from "../helpers/fixtures.js";
import { run, writeArchive } from "./helpers.js";

const sig = (userClaims: Record<string, unknown>) =>
  JSON.stringify({
    Created: "2025-12-08T08:31:12.4711093+00:00",
    Id: "a1f4c2d3-5b6e-4f70-8192-a3b4c5d6e7f8",
    SignatureTransactionId: "c0ffee00-1234-4abc-8def-0123456789ab",
    UserClaims: userClaims,
  });
const copy = (file: string, format: TokenCopy["format"], userClaims: Record<string, unknown>, extra: Record<string, unknown> = {}): TokenCopy => ({
  file,
  format,
  header: { alg: "RS256", kid: "AB" },
  payload: { workflow_id: "w", document_1: JSON.stringify({ title: "a", sha256Hex: "00" }), signature_1: sig(userClaims), ...extra },
});
const base = { "mitid.identity_name": "Karen", idp: "mitid", loa: "Substantial" };
const full = { ...base, "dk.cpr": "0101709995", ip_address: "192.0.2.17", "mitid.age": "55" };

describe("token cross-check", () => {
  it("PAdES and Workflow-token JSON of one workflow: passes, naming what the filter left out", async () => {
    const w = await writeArchive();
    const report = await verifyArchiveWithToken({ evidence: w.pdf, originals: [w.originals], trust: [trustDirectory()], crossCheckToken: w.tokenJson });
    const c = check(report, "token-cross-check");
    expect(c.status, c.message).toBe("passed");
    expect(c.message).toContain("claim filter Restricted");
    expect(c.details?.omittedByFilter).toEqual(expect.arrayContaining(["dk.cpr", "ip_address"]));
    expect(report.indication).toBe("TOTAL-PASSED");
    // Values of personal data never appear in the check.
    expect(JSON.stringify(c)).not.toContain("0101709995");
  });

  it("the Workflow-token JSON of another workflow is a slip: one usage error saying so, no forgery wording", async () => {
    const w = await writeArchive();
    const other = await buildWorkflowEvidence({ pki: testPki(), claims: { workflow_id: "0b7d3c21-9e84-4b6f-a0c2-1d3e5f708199", workflow_title: "Andet" } });
    const otherJson = join(w.dir, "other.json");
    writeFileSync(otherJson, workflowTokenJson(other));
    const refused = verifyArchiveWithToken({ evidence: w.pdf, trust: [trustDirectory()], crossCheckToken: otherJson });
    await expect(refused).rejects.toMatchObject({ code: "ERR_USAGE" });
    await expect(refused).rejects.toThrow(
      /other\.json: another workflow's token \(workflow "0b7d3c21-9e84-4b6f-a0c2-1d3e5f708199"\), not a copy of the token of/,
    );
    const cli = run(["verify", w.pdf, "--token", otherJson, "--trust", trustDirectory()]);
    expect(cli.code).toBe(3);
    expect(cli.stdout).toBe("");
    expect(cli.stderr).toMatch(/another workflow's token/);
    expect(cli.stderr).not.toMatch(/kid|not intact|genuine|HASH_FAILURE/);
  });

  it("a --token copy with a broken signature cannot vouch: failed, SIG_CRYPTO_FAILURE", async () => {
    const w = await writeArchive();
    const forged = await buildWorkflowEvidence({ pki: testPki(), tamperPayload: (p) => ({ ...p }) });
    // Same content, but the signature is replaced by another token's.
    const good = JSON.parse(workflowTokenJson(forged)) as { workflowToken: string };
    const parts = good.workflowToken.split(".");
    good.workflowToken = `${parts[0]}.${parts[1]}.${Buffer.from("x".repeat(384)).toString("base64url")}`;
    const f = join(w.dir, "forged.json");
    writeFileSync(f, JSON.stringify(good));
    const c = check(await verifyArchiveWithToken({ evidence: w.pdf, trust: [trustDirectory()], crossCheckToken: f }), "token-cross-check");
    expect(c.status).toBe("failed");
    expect(c.subIndication).toBe("SIG_CRYPTO_FAILURE");
    expect(c.message).toContain("token-signature");
  });

  it("--token that is no form of the evidence is a usage slip; an endpoint JSON without a readable token fails the cross-check; a missing --token file is a usage error", async () => {
    const w = await writeArchive();
    const junk = join(w.dir, "junk.json");
    writeFileSync(junk, '{"hello": 1}');
    // Issue 37 part 3 (u10): a file of the wrong form is the user's slip (exit 3), not a forgery of the archive.
    await expect(verifyArchiveWithToken({ evidence: w.pdf, trust: [trustDirectory()], crossCheckToken: junk })).rejects.toThrow(
      /junk\.json: not a copy of the Workflow token's delivery: it seems to be a JSON file that is neither endpoint's JSON/,
    );
    const damaged = join(w.dir, "damaged.json");
    writeFileSync(damaged, '{"workflowToken": "not a JWS"}');
    const c = check(await verifyArchiveWithToken({ evidence: w.pdf, trust: [trustDirectory()], crossCheckToken: damaged }), "token-cross-check");
    expect(c.status).toBe("failed");
    expect(c.subIndication).toBe("FORMAT_FAILURE");
    await expect(verifyArchiveWithToken({ evidence: w.pdf, trust: [trustDirectory()], crossCheckToken: join(w.dir, "missing.json") })).rejects.toThrow(
      /missing\.json: no such file/,
    );
  });

  it("the numbered claims are parsed within --limit (no limits of its own)", () => {
    const pades = (c: Record<string, unknown>) => copy("archive.pdf", "pades-pdf", c);
    const json = (c: Record<string, unknown>) => copy("workflowtoken.json", "workflow-token-json", c);
    expect(compareTokenCopies(pades(base), json(full)).differences).toEqual([]);
    const tight = compareTokenCopies(pades(base), json(full), { maxJsonBytes: 16, maxJsonDepth: 32 });
    expect(tight.differences.join()).toContain("is not readable JSON in both copies");
  });

  it("user claims may differ only by the filter, and only in the right direction", () => {
    const pades = (c: Record<string, unknown>) => copy("archive.pdf", "pades-pdf", c);
    const json = (c: Record<string, unknown>) => copy("workflowtoken.json", "workflow-token-json", c);
    expect(compareTokenCopies(pades(base), json(full)).differences).toEqual([]);
    expect(compareTokenCopies(pades(base), json(full)).filter).toBe("Restricted");
    // IncludeAgeClaims keeps age claims in the PAdES copy: only CPR and IP may be missing.
    expect(compareTokenCopies(pades({ ...base, "mitid.age": "55" }), json(full)).differences).toEqual([]);
    const ageDropped = compareTokenCopies(pades({ ...base, "dk.cpr": "0101709995" }), json(full));
    expect(ageDropped.differences.join()).toMatch(/"mitid.age" is only in workflowtoken.json \(the claim filter All does not remove it\)/);
    // A name is never filtered; a changed value is a difference, its value not shown.
    const renamed = compareTokenCopies(pades({ ...base, "mitid.identity_name": "Someone else" }), json(full));
    expect(renamed.differences.join()).toContain('"mitid.identity_name" differs (personal data: values not shown)');
    expect(renamed.differences.join()).not.toContain("Someone else");
    const missingName = compareTokenCopies(pades({ idp: "mitid", loa: "Substantial" }), json(full));
    expect(missingName.differences.join()).toContain('"mitid.identity_name" is only in workflowtoken.json');
    // The PAdES copy cannot have more than the endpoint copy.
    expect(compareTokenCopies(pades(full), json(base)).differences.length).toBeGreaterThan(0);
    // Other claims must be equal.
    const titled = compareTokenCopies(
      copy("a.pdf", "pades-pdf", base, { workflow_title: "A" }),
      copy("b.json", "workflow-token-json", full, { workflow_title: "B" }),
    );
    expect(titled.differences).toEqual(['claim "workflow_title" differs ("A" / "B")']);
    const check = crossCheckToken(copy("a.pdf", "pades-pdf", base), copy("b.json", "workflow-token-json", full));
    expect(check.status).toBe("passed");
  });
});

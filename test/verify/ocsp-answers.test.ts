// One OCSP response that answers more than once for the same certificate (RFC 6960 allows a list of
// SingleResponses): each answer is the responder's statement, weighed by the one revocation rule as separate
// items are. A revocation decides over a "good" whatever the order (EU DSS takes the latest thisUpdate, pyHanko
// the first answer: both let the order or a later "good" hide it); answers that disagree with no revocation
// prove nothing. Tested on the token's own response and on a DSS answer about the seal; every test states its time.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDss, buildArchive, createOcspResponse, TIMELINE } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const at = (iso: string) => new Date(iso);
const base = testPki();
const T = "2025-12-09T12:00:00Z";
const revokedBefore = { revokedAt: at("2025-12-08T08:00:00Z"), reason: 1 };

async function verify(pdf: Uint8Array) {
  const file = join(tempDir("sealcheck-answers-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at: T });
}
const token = async (moreSingles: { status: "good" | "unknown" | typeof revokedBefore; thisUpdate?: Date }[], first: "good" | typeof revokedBefore = "good") =>
  (await buildArchive(base, { ocsp: { status: first, moreSingles } })).pdf;

describe("the token's response answers twice", () => {
  it('"good" then "revoked before the iat": TOTAL-FAILED/REVOKED (the first answer decided before)', async () => {
    const r = await verify(await token([{ status: revokedBefore }]));
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    const c = check(r, "ocsp-status");
    expect(c.message).toContain("The certificate was revoked at 2025-12-08T08:00:00.000Z");
    expect(c.message).toContain("The same response answers 2 times for it (good (thisUpdate 2025-12-08T08:36:31.000Z); revoked at");
    // The report's summary of the response shows the answer the checks read, not the first one.
    expect(r.ocsp?.status).toBe("revoked");
  });

  it('"revoked" then a later "good": the revocation still decides (EU DSS would take the later "good")', async () => {
    const r = await verify(await token([{ status: "good", thisUpdate: new Date(TIMELINE.ocspProducedAt.getTime() + 1000) }], revokedBefore));
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  it('"good" and "unknown": INDETERMINATE/TRY_LATER, neither taken as proof', async () => {
    const r = await verify(await token([{ status: "unknown" }]));
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(check(r, "ocsp-status").message).toContain("The response answers 2 times for this certificate and the answers disagree");
  });

  it('control: "good" twice: TOTAL-PASSED', async () => {
    const r = await verify(await token([{ status: "good", thisUpdate: new Date(TIMELINE.ocspProducedAt.getTime() - 1000) }]));
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
  });
});

describe("a DSS answer about the seal answers twice", () => {
  const sealAnswer = (moreSingles: { status: "good" | "unknown" | typeof revokedBefore }[]) =>
    createOcspResponse({ subject: base.seal, issuer: base.sealRoot, responder: base.sealRoot, producedAt: at("2025-12-08T10:00:00Z"), moreSingles });

  it('"good" then "revoked before sealing": TOTAL-FAILED/REVOKED (seal-certificate)', async () => {
    const r = await verify(await addDss((await buildArchive(base)).pdf, base, "table", { ocsps: [sealAnswer([{ status: revokedBefore }])] }));
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    expect(check(r, "seal-certificate").message).toContain("revoked at 2025-12-08T08:00:00.000Z");
  });

  it('"good" and "unknown" beside the CMS data: TOTAL-PASSED, the conflict named in the judgements', async () => {
    const r = await verify(await addDss((await buildArchive(base)).pdf, base, "table", { ocsps: [sealAnswer([{ status: "unknown" }])] }));
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const rev = check(r, "seal-certificate").details?.revocation as { source: string; message: string }[];
    expect(rev.some((x) => x.source === "dss-ocsp" && x.message.includes("the answers disagree"))).toBe(true);
  });
});

// a11 D2b: the run's budget of OCSP signature checks (a8 D2) was anyone's to spend. Junk responses naming the seal's
// CA as responder (each one check with the CA's key, whatever signed it) in the timestamps' own CMS, whose `crls`
// field is unsigned and was read without any bound, used up the 4,096 checks; the seal's and the token's genuine
// responses were then "not checked" and any genuine archive INDETERMINATE (EU DSS: TOTAL_PASSED). A budget anyone
// can spend must not decide (U1d's class):
// - items sealed with the evidence (the token's OCSP response, the seal CMS's archived data) are checked outside it;
// - the timestamps' own CMS items that decode count against maxValidationDataItems together, as a DSS's: a limit
//   reached is "not decided", named, as for a DSS (the flood is cut here by a lower limit so that it runs in seconds).
// Every test states its time.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { certificateFromDer } from "../../src/pki/certificate.js";
import { decodeOcsp, OCSP_SIGNATURE_BUDGET } from "../../src/pki/ocsp.js";
import { judgeOcspWith, readRevocation } from "../../src/pki/revocation.js";
import { PkiSession } from "../../src/pki/session.js";
import { addDocumentTimestamp, buildArchive, createOcspResponse, generateRsaKey, TIMELINE } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const P = testPki();
const sealing = TIMELINE.timestampAt;
const AT = "2026-01-20T00:00:00Z";
const anyone = { ...P.sealRoot, key: generateRsaKey(1024) }; // the CA's name and certificate, anyone's key

/** `n` responses "revoked before the sealing" about the seal, the CA named as responder, signed by anyone. */
const junk = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    createOcspResponse({
      subject: P.seal,
      issuer: P.sealRoot,
      responder: anyone,
      responderId: "byName",
      certs: [],
      nextUpdate: null,
      status: { revokedAt: new Date("2025-12-08T08:00:00Z"), reason: 1 },
      producedAt: new Date(Date.parse("2026-01-01T00:00:00Z") + i * 1000),
    }),
  );

async function verify(n: number, max: number) {
  const sealed = (await buildArchive(P)).pdf;
  const pdf = await addDocumentTimestamp(sealed, P, new Date("2026-01-10T12:00:00Z"), undefined, { crls: [], ocsps: junk(n) });
  const file = join(tempDir("sealcheck-ocsp-budget-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at: AT, limits: { maxValidationDataItems: max } });
}

describe("a11 D2b: the timestamps' own CMS items are bounded as a DSS's", () => {
  it("control: 4 junk 'revoked' responses in a document timestamp's CMS, the limit 5: not the CA's, TOTAL-PASSED", async () => {
    const r = await verify(4, 5);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-certificate").message).toContain("Not the CA's statement, so ignored");
    expect(check(r, "ocsp-signature").status).toBe("passed");
  });

  it("8 of them, the limit 5: not all read, INDETERMINATE/GENERIC naming the limit (was read whole, past any limit)", async () => {
    const r = await verify(8, 5);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "GENERIC"]);
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("indeterminate");
    expect(c.message).toContain("the timestamps' own CMS hold more than 5 OCSP responses and CRLs");
    expect(c.message).toContain("maxValidationDataItems");
    // The token's own response is still checked.
    expect(check(r, "ocsp-signature").status).toBe("passed");
  });
});

describe("a11 D2b: sealed items are checked outside the run's budget", () => {
  const make = () => {
    const session = new PkiSession();
    session.work.authorised = OCSP_SIGNATURE_BUDGET; // spent, as by junk
    const der = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date(sealing.getTime() - 3600_000) });
    const [target, ca] = [P.seal.der, P.sealRoot.der].map((d) => certificateFromDer(d, "test", session));
    return { session, der, target: target!, ca: ca! };
  };
  const judge = (m: ReturnType<typeof make>, sealed: boolean) =>
    judgeOcspWith(
      {
        session: m.session,
        decoded: decodeOcsp(m.der, m.session),
        target: m.target,
        issuer: m.ca,
        pool: [],
        sealingTime: sealing,
        freshnessWindowSeconds: 7 * 86400,
        clockSkewSeconds: 0,
        ...(sealed ? { sealed } : {}),
      },
      { ocsps: [], crls: [] },
    );

  it("the seal's or the token's own response, the budget spent: still checked, the CA's 'good'", async () => {
    const m = make();
    const j = await judge(m, true);
    expect(j.signature.status).toBe("passed");
    expect(m.session.work.authorised).toBe(OCSP_SIGNATURE_BUDGET); // not counted
  });

  it("the same bytes marked sealed for the run (RunWork.sealed): every reading of them is checked", async () => {
    const m = make();
    m.session.work.sealed.add(m.der);
    const reading = await readRevocation(m.session, { kind: "ocsp", der: m.der }, m.target, m.ca, [], 0);
    expect(reading.statement?.revokedAt).toBeNull();
    expect(reading.unverified).toBeUndefined();
  });

  it("control: a response anyone may add, the budget spent: not checked, says so", async () => {
    const j = await judge(make(), false);
    expect([j.signature.status, j.signature.subIndication]).toEqual(["indeterminate", "TRY_LATER"]);
    expect(j.signature.message).toContain(`budget of ${OCSP_SIGNATURE_BUDGET}`);
  });
});

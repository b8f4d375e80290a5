// Issue 37 part 3, u10's gaps beside the four named slips: the word --trust left out (the anchors land among
// the originals), a file that is no form of the evidence given as evidence, and --token given a file of the
// wrong form or the same delivery as the evidence. Each named as a slip, never in the forgery words.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SealcheckError, renderArchiveHuman, verifyArchive } from "../../src/index.js";
import { runCli as run } from "../helpers/cli.js";
import { tempDir } from "../helpers/fixtures.js";

const FORGERY = /not intact or not genuine|HASH_FAILURE|sealed PAdES PDF/;
const flat = (s: string) => s.replace(/\s+/g, " ");

async function usageError(p: Promise<unknown>): Promise<SealcheckError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(SealcheckError);
  expect((e as SealcheckError).code).toBe("ERR_USAGE");
  return e as SealcheckError;
}

describe("the word --trust left out: certificates among the originals", () => {
  it("says first that no anchors were given and that the files are certificates (exit 3), never HASH_FAILURE", () => {
    const r = run(["verify", "samples/valid/archive.pdf", "samples/valid/originals", "samples/trust"]);
    expect(r.code).toBe(3);
    expect(flat(r.stderr)).toMatch(
      /^sealcheck: No trust anchors were given, and "seal-root\.pem", "token-issuing-ca\.pem", "token-root\.pem", "tsa-root\.pem" are certificates, given among the originals .*did you leave out the word --trust before them\? If you obtained them yourself \(never from the evidence: docs\/trust-anchors\.md\), give them as --trust samples\/trust\./,
    );
    expect(r.stdout + r.stderr).not.toMatch(FORGERY);
  });

  it("with anchors given, a certificate among the originals is a usage error too; --allow-extra-originals keeps it an extra file", async () => {
    const dir = tempDir("sealcheck-slip-");
    for (const f of ["Husorden.pdf", "Lejekontrakt.pdf"]) copyFileSync(join("samples/valid/originals", f), join(dir, f));
    copyFileSync("samples/trust/tsa-root.pem", join(dir, "root.cer.pem"));
    const e = await usageError(verifyArchive({ evidence: "samples/valid/archive.pdf", originals: [dir], trust: ["samples/trust"] }));
    expect(e.message).toMatch(
      /"root\.cer\.pem" is a certificate, given among the originals .*trust anchors are given as trust anchors \(trust, or for one role trustFor\)/,
    );
    expect(e.option).toBe("originals");
    const allowed = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: [dir], trust: ["samples/trust"], allowExtraOriginals: true });
    expect(allowed.indication).toBe("TOTAL-PASSED");
  });

  it("an altered original carrying a PEM block is still an original: compared, and failed", async () => {
    const dir = tempDir("sealcheck-slip-");
    copyFileSync("samples/valid/originals/Husorden.pdf", join(dir, "Husorden.pdf"));
    writeFileSync(join(dir, "Lejekontrakt.pdf"), "%PDF-1.7\n-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: [dir], trust: ["samples/trust"] });
    expect(r).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "HASH_FAILURE" });
  });
});

describe("a file that is no form of the evidence, given as evidence", () => {
  const dir = tempDir("sealcheck-notev-");
  const extracted = join(dir, "x");
  const made = run(["extract", "samples/valid/archive.pdf", extracted]);
  writeFileSync(join(dir, "notes.txt"), "notes about the case\n");
  const cases: [string, RegExp][] = [
    ["samples/receiver/id-token.jwt", /a controlled-transfer ID token \(a JWT\); an ID token is verified with `sealcheck verify-id-token/],
    [join(extracted, "workflow_token.jwt"), /a bare Workflow token .*give the JSON of the PAdES or Workflow-token endpoint it came from, or the sealed PDF/],
    [join(extracted, "Signature1.p7s"), /a CMS signature .*verify the sealed PDF it was taken from/],
    ["samples/trust/tsa-root.pem", /a certificate \(PEM\); a trust anchor is given with --trust/],
    ["samples/receiver/jwks.json", /a JSON Web Key Set \(JWKS\)/],
    [join(dir, "notes.txt"), /a text file/],
  ];

  it.each(cases.map(([f, re]) => [f.replace(dir, "<tmp>"), f, re] as const))(
    "%s: 'not a sealed archive', what it seems to be and where it belongs; format unknown",
    (_label, file, seems) => {
      expect(made.code, made.stderr).toBe(0);
      const r = run(["verify", file, "--trust", "samples/trust"]);
      expect(r.code).toBe(1); // TOTAL-FAILED/FORMAT_FAILURE, as contract.md maps malformed input
      const text = flat(r.stdout);
      expect(text).toMatch(/The file given as evidence is not a sealed archive/);
      expect(text).toMatch(/\(.*: not a sealed archive\)/);
      expect(text).toMatch(seems);
      expect(text).not.toMatch(FORGERY);
      const json = JSON.parse(run(["verify", file, "--trust", "samples/trust", "--json"]).stdout);
      expect(json.evidence.format).toBe("unknown");
      expect(json.checks[0].details.notEvidence.seemsToBe).toEqual(expect.any(String));
    },
  );

  it("an endpoint JSON that is damaged is not called 'not evidence': its format error stays", async () => {
    const dir2 = tempDir("sealcheck-notev-");
    writeFileSync(join(dir2, "pades.json"), JSON.stringify({ padesDocument: { padesB64: 5 } }));
    const r = await verifyArchive({ evidence: join(dir2, "pades.json"), trust: ["samples/trust"] });
    expect(r).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "FORMAT_FAILURE" });
    expect(r.evidence.format).not.toBe("unknown");
    expect(renderArchiveHuman(r, { colour: false })).toMatch(/not intact or not genuine/);
  });
});

describe("--token slips: exit 3, never a pass that compared nothing nor a forgery", () => {
  it("the evidence file itself", () => {
    const r = run(["verify", "samples/valid/archive.pdf", "--trust", "samples/trust", "--token", "samples/valid/archive.pdf"]);
    expect(r.code).toBe(3);
    expect(flat(r.stderr)).toMatch(/the evidence file itself .*nothing to cross-check; give --token the JSON of the Workflow-token endpoint/);
    expect(r.stdout).not.toMatch(/every claim/);
  });

  it("the PAdES endpoint's JSON the PDF came in (the same token byte for byte)", async () => {
    const e = await usageError(verifyArchive({ evidence: "samples/valid/archive.pdf", trust: ["samples/trust"], crossCheckToken: "samples/valid/pades.json" }));
    expect(e.message).toMatch(/the same delivery as samples\/valid\/archive\.pdf .*nothing to cross-check/);
    expect(e.option).toBe("crossCheckToken");
  });

  it("the bare JWT `extract` writes: a usage slip naming what it is", () => {
    const dir = tempDir("sealcheck-tok-");
    expect(run(["extract", "samples/valid/archive.pdf", dir]).code).toBe(0);
    const r = run(["verify", "samples/valid/archive.pdf", "--trust", "samples/trust", "--token", join(dir, "workflow_token.jwt")]);
    expect(r.code).toBe(3);
    expect(flat(r.stderr)).toMatch(/it seems to be a bare Workflow token .*--token takes the JSON of the Workflow-token endpoint/);
    expect(r.stdout).not.toMatch(FORGERY);
  });

  it("the other delivery still cross-checks and passes", () => {
    const r = run(["verify", "samples/valid/archive.pdf", "--trust", "samples/trust", "--token", "samples/valid/workflowtoken.json", "--summary"]);
    expect(r.code).toBe(0);
  });
});

describe("the reverse slip: a sealed archive given to verify-id-token", () => {
  it("says it is no ID token and points to `sealcheck verify`", () => {
    for (const f of ["samples/valid/archive.pdf", "samples/valid/workflowtoken.json"]) {
      const r = run(["verify-id-token", f, "--issuer", "test", "--audience", "DK11111111", "--jwks", "samples/receiver/jwks.json"]);
      expect(r.code).toBe(1);
      expect(flat(r.stdout)).toMatch(/Not an ID token: the file given is .*, which is verified with `sealcheck verify`/);
    }
  });
});

describe("a stray file beside the right originals", () => {
  it("stays HASH_FAILURE (contract.md) but says every document matched, and names a non-PDF as such", async () => {
    const dir = tempDir("sealcheck-stray-");
    for (const f of ["Husorden.pdf", "Lejekontrakt.pdf"]) copyFileSync(join("samples/valid/originals", f), join(dir, f));
    writeFileSync(join(dir, "notes.txt"), "notes\n");
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: [dir], trust: ["samples/trust"] });
    expect(r).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "HASH_FAILURE", decidedBy: ["document-digests"] });
    const text = flat(renderArchiveHuman(r, { colour: false }));
    expect(text).toMatch(/Every document matched an original, but files given with them were not signed in this workflow\./);
    expect(text).toMatch(/"notes\.txt" \(not a PDF\) matches no document_N/);
    expect(text).not.toMatch(/not intact or not genuine/);
  });

  it("one file of another workflow: 'The file given does not belong to this workflow'", async () => {
    const dir = tempDir("sealcheck-stray-");
    writeFileSync(join(dir, "a.pdf"), "%PDF-1.7\n%%EOF\n");
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: [dir], trust: ["samples/trust"] });
    expect(flat(renderArchiveHuman(r, { colour: false }))).toMatch(/Reason: The file given does not belong to this workflow \(wrong folder\?\)/);
  });
});

// a27 X1: a slip never takes the place of the evidence's own verdict. A forged PDF around the genuine token, given
// with the genuine PDF as --token ("the same delivery" by the token alone), was exit 3 with no verdict; an altered
// original with a PEM certificate put before it was "a certificate among the originals" (exit 3), not HASH_FAILURE.
describe("a27 X1: a slip over a failing archive keeps its verdict", () => {
  it("a forged PDF with the genuine one as --token: TOTAL-FAILED, the cross-check not compared and why", async () => {
    const r = await verifyArchive({
      evidence: "samples/attacks/isa-page-content-replaced.pdf",
      trust: ["samples/trust"],
      crossCheckToken: "samples/valid/archive.pdf",
    });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
    const c = r.checks.find((x) => x.id === "token-cross-check")!;
    expect(c.status).toBe("skipped");
    expect(c.message).toMatch(/^Not compared: .*nothing to cross-check/);
  });

  it("the genuine PDF with its own JSON copy: still a usage error (nothing to hide)", async () => {
    const e = await usageError(verifyArchive({ evidence: "samples/valid/archive.pdf", trust: ["samples/trust"], crossCheckToken: "samples/valid/pades.json" }));
    expect(e.code).toBe("ERR_USAGE");
  });

  it("an original with a PEM certificate put before it is an original: compared, HASH_FAILURE", async () => {
    const dir = tempDir("sealcheck-pem-original-");
    copyFileSync("samples/valid/originals/Lejekontrakt.pdf", join(dir, "Lejekontrakt.pdf"));
    writeFileSync(
      join(dir, "Husorden.pdf"),
      Buffer.concat([readFileSync("samples/trust/seal-root.pem"), readFileSync("samples/valid/originals/Husorden.pdf")]),
    );
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: [dir], trust: ["samples/trust"] });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
  });
});

describe("a28 X1: a certificate among the originals never hides a failing verdict", () => {
  it("an altered original beside a .pem: TOTAL-FAILED/HASH_FAILURE (was exit 3, no verdict)", async () => {
    const dir = tempDir("sealcheck-pem-beside-");
    copyFileSync("samples/valid/originals/Lejekontrakt.pdf", join(dir, "Lejekontrakt.pdf"));
    const altered = Buffer.from(readFileSync("samples/valid/originals/Husorden.pdf"));
    altered[altered.length - 20] = altered[altered.length - 20]! ^ 0x01;
    writeFileSync(join(dir, "Husorden.pdf"), altered);
    copyFileSync("samples/trust/seal-root.pem", join(dir, "seal-root.pem"));
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: [dir], trust: ["samples/trust"] });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
    // The genuine originals beside the .pem: the slip, as before.
    const ok = tempDir("sealcheck-pem-beside-ok-");
    for (const f of ["Lejekontrakt.pdf", "Husorden.pdf"]) copyFileSync(`samples/valid/originals/${f}`, join(ok, f));
    copyFileSync("samples/trust/seal-root.pem", join(ok, "seal-root.pem"));
    const e = await usageError(verifyArchive({ evidence: "samples/valid/archive.pdf", originals: [ok], trust: ["samples/trust"] }));
    expect(e.message).toMatch(/"seal-root\.pem" is a certificate, given among the originals/);
  });
});

describe("a29 X2: a file is a certificate among the originals only when it decodes as one", () => {
  it("an altered original behind eight bytes of a DER SEQUENCE's head: compared, not set aside (was exit 3)", async () => {
    const dir = tempDir("sealcheck-der-dressed-");
    copyFileSync("samples/valid/originals/Lejekontrakt.pdf", join(dir, "Lejekontrakt.pdf"));
    const pdf = Buffer.from(readFileSync("samples/valid/originals/Husorden.pdf"));
    pdf[pdf.length - 20] = pdf[pdf.length - 20]! ^ 0x01;
    const body = Buffer.concat([Buffer.from([0x30, 0x82, 0x00, 0x00]), pdf]);
    const head = Buffer.from([0x30, 0x83, 0, 0, 0]);
    head.writeUIntBE(body.length, 2, 3);
    body.writeUInt16BE(Math.min(pdf.length, 0xffff), 2);
    writeFileSync(join(dir, "Husorden.pdf"), Buffer.concat([head, body]));
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: [dir], trust: ["samples/trust"] });
    expect(r.indication).not.toBe("TOTAL-PASSED");
    expect(r.subIndication).toBe("HASH_FAILURE");
  });
});

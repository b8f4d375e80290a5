// The auditor's commands as processes: verify --report/--token, inspect, extract, completion, help.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildArchive, evidenceAttachments, workflowTokenJson } from "../../scripts/generator/index.js";
import { tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";
import { SIGNER_CPRS, SIGNER_NAMES, run, writeArchive } from "./helpers.js";

function oneStderrLine(r: { stderr: string }): void {
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe("verify --report and --token", () => {
  it("writes a self-contained HTML report beside the normal output", async () => {
    const w = await writeArchive();
    const html = join(w.dir, "statement.html");
    const r = run(["verify", w.pdf, w.originals, "--trust", trustDirectory(), "--report", html]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("Verdict: TOTAL-PASSED");
    expect(r.stdout).toContain(`HTML report written to ${html}`);
    const page = readFileSync(html, "utf8");
    expect(page).toContain("TOTAL-PASSED");
    expect(page).not.toContain(SIGNER_NAMES[0]);
    // With --json, stdout stays the JSON report only.
    const j = run(["verify", w.pdf, "--trust", trustDirectory(), "--report", html, "--json"]);
    expect(JSON.parse(j.stdout).indication).toBe("TOTAL-PASSED");
  });

  it("a report that cannot be written is exit 3 with one stderr line", async () => {
    const w = await writeArchive();
    const r = run(["verify", w.pdf, "--trust", trustDirectory(), "--report", join(w.pdf, "report.html")]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("cannot write the HTML report");
    oneStderrLine(r);
  });

  it("--token cross-checks the two copies; another workflow's JSON is a slip named as such (exit 3)", async () => {
    const w = await writeArchive();
    const ok = run(["verify", w.pdf, "--token", w.tokenJson, w.originals, "--trust", trustDirectory()]);
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.stdout).toMatch(/\[ok\]\s+token-cross-check/);
    const other = await buildArchive(testPki(), { claims: { workflow_id: "0b7d3c21-9e84-4b6f-a0c2-1d3e5f708199" } });
    const otherJson = join(w.dir, "other-workflow.json");
    writeFileSync(otherJson, other.workflowTokenJson);
    const bad = run(["verify", w.pdf, "--token", otherJson, "--trust", trustDirectory(), "--json"]);
    expect(bad.code).toBe(3);
    oneStderrLine(bad);
    expect(bad.stderr).toContain('another workflow\'s token (workflow "0b7d3c21-9e84-4b6f-a0c2-1d3e5f708199")');
    const missing = run(["verify", w.pdf, "--token", join(w.dir, "nope.json"), "--trust", trustDirectory()]);
    expect(missing.code).toBe(3);
    oneStderrLine(missing);
  });

  it("--json marks personal data and masks it unless --show-personal-data", async () => {
    const w = await writeArchive({ claimFilter: "All" });
    const masked = run(["verify", w.pdf, "--trust", trustDirectory(), "--json"]).stdout;
    for (const s of [...SIGNER_NAMES, ...SIGNER_CPRS]) expect(masked).not.toContain(s);
    const report = JSON.parse(masked);
    const cpr = report.signatures[0].claims.find((c: { name: string }) => c.name === "dk.cpr");
    expect(cpr).toMatchObject({ personalData: "national-id", masked: true });
    expect(report.workflow.claimFilter).toBe("All");
    const shown = run(["verify", w.pdf, "--trust", trustDirectory(), "--json", "--show-personal-data"]).stdout;
    expect(shown).toContain(SIGNER_CPRS[0]);
  });
});

describe("inspect", () => {
  it("decodes a PAdES: revisions, signature dictionary, CMS attributes, timestamp, token, certificates, OCSP", async () => {
    const w = await writeArchive();
    const r = run(["inspect", w.pdf]);
    expect(r.code, r.stderr).toBe(0);
    for (const s of [
      "no verdict",
      "Revisions",
      "/SubFilter  ETSI.CAdES.detached",
      "certification (DocMDP P 1)",
      "messageDigest",
      "signingCertificateV2",
      "Signature timestamp 1",
      "Archived OCSP response 1",
      "workflow_token.jwt",
      "Header",
      "kid",
      "UserClaims",
      "Token certificate",
      "Token OCSP response",
    ]) {
      expect(r.stdout, s).toContain(s);
    }
    expect(r.stdout).not.toMatch(/TOTAL-PASSED|TOTAL-FAILED|INDETERMINATE/);
    for (const s of SIGNER_NAMES) expect(r.stdout).not.toContain(s);
    const j = JSON.parse(run(["inspect", w.pdf, "--json"]).stdout);
    expect(j.kind).toBe("inspection");
    expect(j.pdf.signatures[0].cms.signers[0].timestamps[0].genTime).toMatch(/^\d{4}-/);
    expect(j.pdf.embeddedFiles.map((f: { name: string }) => f.name)).toEqual(["workflow_token.jwt", "workflow_token.ocsp", "workflow_token_pub.pem"]);
    expect(j.token.header.alg).toBe("RS256");
    expect(j.token.signatures[0].userClaims.find((c: { name: string }) => c.name === "mitid.identity_name")).toMatchObject({
      personalData: "name",
      masked: true,
    });
    expect(j.problems).toEqual([]);
  });

  it("decodes the Workflow-token JSON, masking personal data unless asked", async () => {
    const w = await writeArchive();
    const r = run(["inspect", w.tokenJson, "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.pdf).toBeNull();
    expect(j.token.ocsp.responses[0].status).toBe("good");
    expect(j.token.certificate.subject).toContain("NEB Transact ST");
    for (const s of [...SIGNER_NAMES, ...SIGNER_CPRS]) expect(r.stdout).not.toContain(s);
    expect(run(["inspect", w.tokenJson, "--json", "--show-personal-data"]).stdout).toContain(SIGNER_CPRS[0]);
  });

  it("random bytes, a missing file and a broken PDF: exit 3 with one clear stderr line", async () => {
    const dir = tempDir();
    const random = join(dir, "random.bin");
    writeFileSync(random, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    const broken = join(dir, "broken.pdf");
    writeFileSync(broken, "%PDF-1.7\nthis is not a pdf body\n");
    for (const f of [random, join(dir, "missing.pdf"), broken]) {
      const r = run(["inspect", f]);
      expect(r.code, f).toBe(3);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(f);
      oneStderrLine(r);
    }
  });
});

describe("extract", () => {
  it("writes the attachments, the CMS, its certificates, timestamp and archived revocation data", async () => {
    const w = await writeArchive();
    const out = join(w.dir, "out");
    const r = run(["extract", w.pdf, out]);
    expect(r.code, r.stderr).toBe(0);
    const names = readdirSync(out);
    expect(names).toEqual(
      expect.arrayContaining([
        "workflow_token.jwt",
        "workflow_token.ocsp",
        "workflow_token_pub.pem",
        "workflow_token.ocsp.der",
        "Signature1.p7s",
        "Signature1-certificate-1.pem",
        "Signature1-timestamp-1.tst",
      ]),
    );
    expect(readFileSync(join(out, "workflow_token_pub.pem"), "utf8")).toContain("BEGIN CERTIFICATE");
    expect(readFileSync(join(out, "Signature1.p7s"))[0]).toBe(0x30);
    const openssl = spawnSync("openssl", ["cms", "-cmsout", "-print", "-inform", "DER", "-in", join(out, "Signature1.p7s")], { encoding: "utf8" });
    if (openssl.status !== null && !openssl.error) expect(openssl.stdout).toContain("messageDigest");
    // Existing files are not overwritten without --force.
    const again = run(["extract", w.pdf, out]);
    expect(again.code).toBe(3);
    expect(again.stderr).toContain("already exists");
    expect(run(["extract", w.pdf, out, "--force"]).code).toBe(0);
  });

  it("the Workflow-token JSON gives its three values as files, and the OCSP response's certificate; PAdES JSON gives the PDF too", async () => {
    const w = await writeArchive();
    const out = join(w.dir, "json-out");
    expect(run(["extract", w.tokenJson, out]).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual([
      "workflow_token.jwt",
      "workflow_token.ocsp",
      "workflow_token.ocsp-certificate-1.pem",
      "workflow_token.ocsp.der",
      "workflow_token_pub.pem",
    ]);
    const out2 = join(w.dir, "pades-out");
    expect(run(["extract", w.padesJson, out2]).code).toBe(0);
    expect(readFileSync(join(out2, "pades.pdf"))).toEqual(readFileSync(w.pdf));
  });

  it("attachment names cannot escape the output directory", async () => {
    const pki = testPki();
    const base = await buildArchive(pki);
    const a = await buildArchive(pki, {
      layout: { attachments: [{ name: "../../escaped.txt", bytes: new TextEncoder().encode("x") }, ...evidenceAttachments(base.evidence)] },
    });
    const dir = tempDir();
    const pdf = join(dir, "archive.pdf");
    writeFileSync(pdf, a.pdf);
    const out = join(dir, "a", "b");
    const r = run(["extract", pdf, out]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(dir, "escaped.txt"))).toBe(false);
    expect(readdirSync(out).some((n) => n.includes("escaped.txt") && !n.includes("/"))).toBe(true);
    void workflowTokenJson;
  });

  it("an output directory that is a symbolic link (planted on shared storage) is refused, and nothing is written through it", async () => {
    const w = await writeArchive();
    const victim = join(w.dir, "victim");
    mkdirSync(victim);
    writeFileSync(join(victim, "Signature1.p7s"), "the operator's own file");
    const out = join(w.dir, "out");
    symlinkSync(victim, out);
    const r = run(["extract", w.pdf, out, "--force"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/is a symbolic link/);
    oneStderrLine(r);
    expect(readdirSync(victim)).toEqual(["Signature1.p7s"]);
    expect(readFileSync(join(victim, "Signature1.p7s"), "utf8")).toBe("the operator's own file");
  });

  it("a directory that cannot be written is exit 3 with one stderr line, and nothing is written", async () => {
    const w = await writeArchive();
    const r = run(["extract", w.pdf, join(w.pdf, "sub")]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/cannot (create|write)/);
    oneStderrLine(r);
    if (process.getuid?.() !== 0) {
      const ro = join(w.dir, "ro");
      mkdirSync(ro, { mode: 0o555 });
      const r2 = run(["extract", w.pdf, ro]);
      expect(r2.code).toBe(3);
      expect(readdirSync(ro)).toEqual([]);
    }
    const r3 = run(["extract", join(w.dir, "missing.pdf"), join(w.dir, "x")]);
    expect(r3.code).toBe(3);
    expect(existsSync(join(w.dir, "x"))).toBe(false);
  });
});

describe("completion, help and version", () => {
  it("bash completion is valid bash and lists the commands and their options", () => {
    const r = run(["completion", "bash"]);
    expect(r.code).toBe(0);
    const dir = tempDir();
    const script = join(dir, "sealcheck.bash");
    writeFileSync(script, r.stdout);
    const syntax = spawnSync("bash", ["-n", script], { encoding: "utf8" });
    expect(syntax.status, syntax.stderr).toBe(0);
    for (const c of ["verify", "inspect", "extract", "completion", "verify-id-token", "verify-tl"]) expect(r.stdout).toContain(c);
    expect(r.stdout).toContain("--report");
    expect(r.stdout).toContain("--show-personal-data");
    // It completes: source it and ask for the candidates of "sealcheck ver" and "sealcheck verify --rep".
    const probe = spawnSync(
      "bash",
      [
        "-c",
        `source ${script}; COMP_WORDS=(sealcheck ver); COMP_CWORD=1; _sealcheck_completion; echo "\${COMPREPLY[*]}"; COMP_WORDS=(sealcheck verify --rep); COMP_CWORD=2; _sealcheck_completion; echo "\${COMPREPLY[*]}"; COMP_WORDS=(sealcheck completion ""); COMP_CWORD=2; _sealcheck_completion; echo "\${COMPREPLY[*]}"`,
      ],
      { encoding: "utf8" },
    );
    const [first, second, third] = probe.stdout.split("\n");
    expect(first!.split(" ")).toEqual(expect.arrayContaining(["verify", "verify-id-token", "verify-tl"]));
    expect(second).toBe("--report");
    expect(third!.split(" ").sort()).toEqual(["bash", "zsh"]);
  });

  it("zsh completion is a #compdef script; an unknown shell is exit 3", () => {
    const r = run(["completion", "zsh"]);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith("#compdef sealcheck")).toBe(true);
    expect(r.stdout).toContain("inspect)");
    const zsh = spawnSync("zsh", ["-n", "-c", r.stdout], { encoding: "utf8" });
    if (!zsh.error) expect(zsh.status, zsh.stderr).toBe(0);
    const bad = run(["completion", "fish"]);
    expect(bad.code).toBe(3);
    oneStderrLine(bad);
  });

  it("--help of every auditor command has examples; --version prints the version", () => {
    for (const c of ["verify", "inspect", "extract", "completion"]) {
      const r = run([c, "--help"]);
      expect(r.code, c).toBe(0);
      expect(r.stdout, c).toContain("Examples:");
    }
    expect(run(["verify", "--help"]).stdout).toContain("--report <file.html>");
    const v = run(["--version"]);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

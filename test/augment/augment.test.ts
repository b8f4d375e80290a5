// `sealcheck augment` against real components on 127.0.0.1: an RFC 3161 TSA and an OCSP responder over the
// test PKI. The result is judged by sealcheck itself, pdfsig, qpdf and (when installed) EU DSS; a TSA that is
// unreachable, slow or lying, missing validation data and the JSON forms leave the archive untouched.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildArchive,
  createOcspResponse,
  extensions,
  generateRsaKey,
  issueCertificate,
  issued,
  OIDS,
  serialFor,
  spkiDer,
  hasTool,
  type Issued,
} from "../../scripts/generator/index.js";
import { verifyArchive, SealcheckError } from "../../src/index.js";
import { augmentArchive, type AugmentResult } from "../../src/api/internal.js";
import { tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";
import { runCli, runCliAsync } from "../helpers/cli.js";
import { startOcsp, startTsa, type Loopback, type OcspEntry, type TsaMode } from "../../scripts/generator/index.js";
import { hasShared } from "../helpers/shared.js";

const pki = testPki();
const SAMPLE = "samples/valid/archive.pdf";
const DSS = "../shared/tools/dss/dss-validate";
const HAS_DSS = hasShared("tools/dss/dss-validate", "test/augment/augment.test.ts, the EU DSS cross-checks");

/** An OCSP response for the test TSA's certificate by its CA, produced now: what --fetch-revocation would get. */
function tsaOcspFile(dir: string, status?: { revokedAt: Date }): string {
  const now = new Date();
  const der = createOcspResponse({
    subject: pki.tsa,
    issuer: pki.tsaRoot,
    responder: pki.tsaRoot,
    producedAt: now,
    thisUpdate: now,
    ...(status ? { status } : {}),
  });
  const file = join(dir, `tsa-${status ? "revoked" : "good"}.ocsp.der`);
  writeFileSync(file, der);
  return file;
}

let tsa: Loopback & { mode: TsaMode };
let dir: string;
let ocspFile: string;
let first: AugmentResult;

beforeAll(async () => {
  tsa = await startTsa(pki.tsa);
  dir = tempDir("augment-");
  ocspFile = tsaOcspFile(dir);
  first = await augmentArchive({ evidence: SAMPLE, tsa: tsa.url, trust: [trustDirectory()], ocsp: [ocspFile] });
  writeFileSync(join(dir, "lta.pdf"), first.bytes);
}, 60_000);
afterAll(async () => {
  await tsa?.close();
});

describe("augment: B-T to B-LTA", () => {
  it("appends a DSS and a document timestamp; the sealed revision stays byte for byte; sealcheck says TOTAL-PASSED, B-LTA", async () => {
    const original = readFileSync(SAMPLE);
    expect(Buffer.from(first.bytes.subarray(0, original.length)).equals(original)).toBe(true);
    expect(first.before).toMatchObject({ indication: "TOTAL-PASSED", padesLevel: "B-T", revisions: 1 });
    expect(first.after).toMatchObject({ indication: "TOTAL-PASSED", padesLevel: "B-LTA", revisions: 3 });
    expect(first.added.certificates).toBeGreaterThanOrEqual(4);
    expect(first.added.ocspResponses).toBeGreaterThanOrEqual(2);
    const report = await verifyArchive({ evidence: join(dir, "lta.pdf"), trust: [trustDirectory()] });
    expect(report.indication).toBe("TOTAL-PASSED");
    expect(report.seal?.padesLevel).toBe("B-LTA");
    const mods = report.checks.find((c) => c.id === "seal-modifications")!;
    expect(mods.status).toBe("passed");
    const ts = report.pdfSignatures.find((s) => s.field === first.timestamp.field)!;
    expect(ts).toMatchObject({ kind: "documentTimestamp", status: "passed", coversRevision: true });
  });

  it.skipIf(!hasTool("pdfsig"))("pdfsig: the document timestamp signs the total document", () => {
    const out = spawnSync("pdfsig", [join(dir, "lta.pdf")], { encoding: "utf8" }).stdout;
    const sig2 = out.slice(out.indexOf("Signature #2"));
    expect(sig2).toContain(`Signature Field Name: ${first.timestamp.field}`);
    expect(sig2).toContain("Total document signed");
  });

  it.skipIf(!hasTool("qpdf"))("qpdf --check finds nothing wrong", () => {
    const r = spawnSync("qpdf", ["--check", join(dir, "lta.pdf")], { encoding: "utf8" });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain("No syntax or stream encoding errors found");
  });

  it.skipIf(!HAS_DSS)(
    // The sample's seal certificate outlives any test run (issue 36 part 7: valid until 2124), so in 2027 its B-T
    // original passes too; an expired seal, B-T against B-LTA, is the expired samples' test below.
    "EU DSS: PAdES-BASELINE-LTA, TOTAL_PASSED in 2027, as its B-T original (whose seal has not expired) is",
    () => {
      const r = spawnSync(DSS, ["--trust", "samples/trust", "--time", "2027-06-01T00:00:00Z", join(dir, "lta.pdf"), SAMPLE], {
        encoding: "utf8",
        timeout: 120_000,
      });
      const lines = r.stdout
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { file: string; signatures: { indication: string; subIndication: string | null; format: string }[] });
      const lta = lines.find((l) => l.file.endsWith("lta.pdf"))!.signatures[0]!;
      const bt = lines.find((l) => l.file.endsWith("archive.pdf"))!.signatures[0]!;
      expect(lta).toMatchObject({ indication: "TOTAL_PASSED", format: "PAdES-BASELINE-LTA" });
      expect(bt).toMatchObject({ indication: "TOTAL_PASSED", format: "PAdES-BASELINE-T" });
    },
    150_000,
  );

  it("renewal: an archive already B-LTA gets the next archive timestamp, with the validation data of the previous one", async () => {
    const second = await augmentArchive({ evidence: join(dir, "lta.pdf"), tsa: tsa.url, trust: [trustDirectory()], ocsp: [ocspFile] });
    expect(Buffer.from(second.bytes.subarray(0, first.bytes.length)).equals(Buffer.from(first.bytes))).toBe(true);
    expect(second.before.padesLevel).toBe("B-LTA");
    expect(second.after).toMatchObject({ indication: "TOTAL-PASSED", padesLevel: "B-LTA", revisions: 5 });
    expect(second.timestamp.field).toBe("ArchiveTimestamp2");
    const stamps = second.report.pdfSignatures.filter((s) => s.kind === "documentTimestamp");
    expect(stamps.map((s) => [s.field, s.status])).toEqual([
      ["ArchiveTimestamp1", "passed"],
      ["ArchiveTimestamp2", "passed"],
    ]);
    expect(second.report.checks.find((c) => c.id === "seal-modifications")?.status).toBe("passed");
  }, 60_000);
});

describe("augment refuses, and writes nothing", () => {
  const refused = async (p: Promise<unknown>, code: string, text: RegExp) => {
    const e = await p.then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(SealcheckError);
    expect((e as SealcheckError).code).toBe(code);
    expect((e as SealcheckError).message).toMatch(text);
  };

  it("without revocation data for the TSA's certificate (none in the archive, none given or fetched)", async () => {
    await refused(
      augmentArchive({ evidence: SAMPLE, tsa: tsa.url, trust: [trustDirectory()] }),
      "ERR_AUGMENT",
      /no OCSP response or CRL proves these certificates unrevoked: "Sealcheck Test Time-Stamping Unit 1".*--fetch-revocation/,
    );
  });

  it("with an OCSP response that says the TSA's certificate is revoked", async () => {
    const revoked = tsaOcspFile(dir, { revokedAt: new Date("2026-01-01T00:00:00Z") });
    await refused(augmentArchive({ evidence: SAMPLE, tsa: tsa.url, trust: [trustDirectory()], ocsp: [revoked] }), "ERR_AUGMENT", /Time-Stamping Unit 1/);
  });

  it("a TOTAL-FAILED archive is not preserved as if it were evidence", async () => {
    await refused(
      augmentArchive({ evidence: "samples/attacks/isa-page-content-replaced.pdf", tsa: tsa.url, trust: [trustDirectory()], ocsp: [ocspFile] }),
      "ERR_AUGMENT",
      /does not verify \(TOTAL-FAILED/,
    );
  });

  it("the JSON forms cannot carry a DSS (exit 3)", () => {
    const r = runCli(["augment", "samples/valid/pades.json", "--out", join(dir, "x.pdf"), "--tsa", tsa.url, "--trust", trustDirectory()]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/the JSON forms cannot carry a DSS/);
    expect(existsSync(join(dir, "x.pdf"))).toBe(false);
  });

  const lying: [TsaMode, RegExp][] = [
    ["wrong-imprint", /does not verify: .*imprint/],
    ["wrong-nonce", /another nonce/],
    ["no-nonce", /no nonce/],
    ["no-ess", /augment does not add: .*no ESS signing-certificate attribute binds the TSA's certificate/],
    ["rejection", /refused the request: status rejection \(badAlg\)/],
    ["garbage", /not a TimeStampResp/],
    ["http-500", /answered HTTP 500/],
    ["wrong-type", /content type "text\/plain"/],
    ["slow", /did not answer within 1000 ms/],
  ];
  for (const [mode, text] of lying) {
    it(`a TSA that answers ${mode} leaves the archive untouched (--in-place, exit 3)`, async () => {
      const file = join(dir, `in-place-${mode}.pdf`);
      copyFileSync(SAMPLE, file);
      tsa.mode = mode;
      try {
        const r = await runCliAsync([
          "augment",
          file,
          "--in-place",
          "--tsa",
          tsa.url,
          "--trust",
          trustDirectory(),
          "--ocsp",
          ocspFile,
          "--timeout",
          mode === "slow" ? "1" : "20",
        ]);
        expect(r.code, r.stderr).toBe(3);
        expect(r.stderr).toMatch(text);
      } finally {
        tsa.mode = "ok";
      }
      expect(readFileSync(file).equals(readFileSync(SAMPLE))).toBe(true);
    }, 30_000);
  }

  it("an unreachable TSA leaves the archive untouched", async () => {
    const gone = await startTsa(pki.tsa);
    const url = gone.url;
    await gone.close();
    const file = join(dir, "in-place-unreachable.pdf");
    copyFileSync(SAMPLE, file);
    const r = runCli(["augment", file, "--in-place", "--tsa", url, "--trust", trustDirectory(), "--ocsp", ocspFile]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/the TSA http:\/\/127\.0\.0\.1:\d+\/? could not be reached/);
    expect(readFileSync(file).equals(readFileSync(SAMPLE))).toBe(true);
  });
});

describe("augment --in-place and --out through the CLI", () => {
  it("--in-place replaces the archive with its augmented form; --json tells what was done; --out and --in-place exclude each other", async () => {
    const file = join(dir, "in-place.pdf");
    copyFileSync(SAMPLE, file);
    const r = await runCliAsync(["augment", file, "--in-place", "--tsa", tsa.url, "--trust", trustDirectory(), "--ocsp", ocspFile, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out).toMatchObject({ written: file, after: { padesLevel: "B-LTA" }, verification: { indication: "TOTAL-PASSED" } });
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, readFileSync(SAMPLE).length).equals(readFileSync(SAMPLE))).toBe(true);
    const v = runCli(["verify", file, "--trust", trustDirectory(), "--summary"]);
    expect(v.code, v.stdout).toBe(0);
    const both = runCli(["augment", file, "--tsa", tsa.url, "--trust", trustDirectory()]);
    expect(both.code).toBe(3);
    expect(both.stderr).toMatch(/exactly one of --out <file> and --in-place/);
  }, 30_000);
});

describe("augment --fetch-revocation (OCSP responder named by the TSA certificate's AIA)", () => {
  let ocsp: Loopback;
  let tsaAia: Issued;
  let archive: string;
  let revokedAt: Date | undefined;
  beforeAll(async () => {
    // The responder is started first: the TSA certificate names its URL.
    const entries: OcspEntry[] = [];
    ocsp = await startOcsp(entries);
    const key = generateRsaKey(2048);
    tsaAia = issued(
      "tsa",
      issueCertificate({
        subject: [
          ["2.5.4.6", "DK"],
          [OIDS.organization, "Sealcheck Test"],
          [OIDS.commonName, "Sealcheck Test Time-Stamping Unit AIA"],
        ],
        subjectKey: key,
        issuer: pki.tsaRoot,
        notBefore: new Date("2023-01-01T00:00:00Z"),
        notAfter: new Date("2030-01-01T00:00:00Z"),
        serial: serialFor("tsa-aia"),
        extensions: [
          extensions.keyUsage("digitalSignature", "nonRepudiation"),
          extensions.extKeyUsage(true, OIDS.kpTimeStamping),
          extensions.authorityKeyIdentifier(spkiDer(pki.tsaRoot.key)),
          extensions.subjectKeyIdentifier(spkiDer(key)),
          extensions.ocspUrl(`${ocsp.url}/ocsp`),
        ],
      }),
      key,
    );
    entries.push({
      subject: tsaAia,
      issuer: pki.tsaRoot,
      responder: pki.tsaRoot,
      get status() {
        return revokedAt ? { revokedAt } : ("good" as const);
      },
    });
    const a = await buildArchive({ ...pki, tsa: tsaAia });
    archive = join(dir, "aia.pdf");
    writeFileSync(archive, a.pdf);
  }, 60_000);
  afterAll(async () => {
    await ocsp?.close();
  });

  it("fetches the OCSP response for the signature timestamp's TSA certificate, verifies it and puts it in the DSS", async () => {
    const before = ocsp.requests;
    const r = await augmentArchive({ evidence: archive, tsa: tsa.url, trust: [trustDirectory()], fetchRevocation: true });
    expect(ocsp.requests).toBe(before + 1);
    expect(r.fetched).toEqual([`${ocsp.url}/ocsp`]);
    expect(r.after).toMatchObject({ indication: "TOTAL-PASSED", padesLevel: "B-LTA" });
  }, 60_000);

  it("a responder that says revoked: nothing is written", async () => {
    revokedAt = new Date(Date.now() - 86400_000);
    try {
      const e = await augmentArchive({ evidence: archive, tsa: tsa.url, trust: [trustDirectory()], fetchRevocation: true }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(SealcheckError);
      // attack36 A1: a "revoked" from the certificate's own responder is a stop, not a move on to its CRL DPs.
      expect((e as Error).message).toMatch(/Time-Stamping Unit AIA.*is revoked: the OCSP response of .* says it was revoked at .*nothing was written/);
    } finally {
      revokedAt = undefined;
    }
  }, 60_000);
});

describe("the long-term samples (samples/lta, samples/expired)", () => {
  it("lta/archive.pdf and expired/archive-lta.pdf are B-LTA and TOTAL-PASSED; expired/archive.pdf is B-T, INDETERMINATE now, TOTAL-PASSED at its sealing time", async () => {
    for (const f of ["samples/lta/archive.pdf", "samples/expired/archive-lta.pdf"]) {
      const r = await verifyArchive({ evidence: f, originals: ["samples/valid/originals"], trust: ["samples/trust"] });
      expect([f, r.indication, r.seal?.padesLevel]).toEqual([f, "TOTAL-PASSED", "B-LTA"]);
      expect(r.pdfSignatures.filter((s) => s.kind === "documentTimestamp").map((s) => s.details.genTime)).toEqual(["2025-12-09T10:00:00.000Z"]);
    }
    const bt = await verifyArchive({
      evidence: "samples/expired/archive.pdf",
      originals: ["samples/valid/originals"],
      trust: ["samples/trust"],
      at: "2025-12-08T08:36:38Z",
    });
    expect([bt.indication, bt.seal?.padesLevel, bt.seal?.signer?.notAfter]).toEqual(["TOTAL-PASSED", "B-T", "2026-01-15T00:00:00.000Z"]);
    // Now (the default validation time), past its seal's expiry with no proof of existence that holds: as EU DSS.
    const now = await verifyArchive({ evidence: "samples/expired/archive.pdf", originals: ["samples/valid/originals"], trust: ["samples/trust"] });
    expect([now.indication, now.subIndication, now.decidedBy]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED", ["long-term"]]);
    // The sealed revision of each augmented sample is its B-T original byte for byte.
    const valid = readFileSync("samples/valid/archive.pdf");
    expect(readFileSync("samples/lta/archive.pdf").subarray(0, valid.length).equals(valid)).toBe(true);
    const expired = readFileSync("samples/expired/archive.pdf");
    expect(readFileSync("samples/expired/archive-lta.pdf").subarray(0, expired.length).equals(expired)).toBe(true);
  });

  it.skipIf(!HAS_DSS)(
    "EU DSS today: the expired B-T archive is INDETERMINATE (OUT_OF_BOUNDS_NOT_REVOKED), its augmented twin TOTAL_PASSED as PAdES-BASELINE-LTA",
    () => {
      const r = spawnSync(DSS, ["--trust", "samples/trust", "samples/expired/archive.pdf", "samples/expired/archive-lta.pdf"], {
        encoding: "utf8",
        timeout: 120_000,
      });
      const by = new Map(
        r.stdout
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l) as { file: string; signatures: { indication: string; subIndication: string | null; format: string }[] })
          .map((l) => [l.file.replace(/^.*samples\//, ""), l.signatures[0]!] as const),
      );
      expect(by.get("expired/archive.pdf")).toMatchObject({
        indication: "INDETERMINATE",
        subIndication: "OUT_OF_BOUNDS_NOT_REVOKED",
        format: "PAdES-BASELINE-T",
      });
      expect(by.get("expired/archive-lta.pdf")).toMatchObject({ indication: "TOTAL_PASSED", format: "PAdES-BASELINE-LTA" });
    },
    150_000,
  );
});

// attack36 (scripts/attack36/README.md): A1, renewal that does not renew; A2, a TSA whose time is not the exchange's.
describe("augment renews only with what long-term validation accepts (attack36 A1, A2)", () => {
  const DAY = 86400_000;
  let old: Loopback & { mode: TsaMode };
  let lta: string;
  let stampedAt: Date;

  beforeAll(async () => {
    // Augmented two days ago, with that day's answer about the TSA (issued an hour before the archive timestamp).
    stampedAt = new Date(Math.floor((Date.now() - 2 * DAY) / 1000) * 1000);
    old = await startTsa(pki.tsa, { clock: () => stampedAt });
    const morning = new Date(stampedAt.getTime() - 3600_000);
    const r = await augmentArchive({
      evidence: SAMPLE,
      tsa: old.url,
      trust: [trustDirectory()],
      ocsp: [createOcspResponse({ subject: pki.tsa, issuer: pki.tsaRoot, responder: pki.tsaRoot, producedAt: morning, thisUpdate: morning })],
      now: new Date(stampedAt.getTime() + 1000),
    });
    lta = join(dir, "renew-me.pdf");
    writeFileSync(lta, r.bytes);
  }, 60_000);
  afterAll(async () => {
    await old?.close();
  });

  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "augmented",
      (e: unknown) => (e instanceof SealcheckError ? `${e.code}: ${e.message}` : String(e)),
    );

  it("A1: the held answer predates the archive timestamp, so it proves nothing of the time after it: refused, not renewed", async () => {
    const msg = await refusal(augmentArchive({ evidence: lta, tsa: tsa.url, trust: [trustDirectory()] }));
    expect(msg).toMatch(/^ERR_AUGMENT: .*no OCSP response or CRL proves these certificates unrevoked: "Sealcheck Test Time-Stamping Unit 1"/);
  }, 60_000);

  it("A1: with a current answer the renewal adds it, and the previous archive timestamp is then a proven proof of existence", async () => {
    const r = await augmentArchive({ evidence: lta, tsa: tsa.url, trust: [trustDirectory()], ocsp: [ocspFile] });
    expect(r.added.ocspResponses).toBeGreaterThanOrEqual(1);
    const poes = r.report.longTerm!.proofsOfExistence;
    expect(poes.find((p) => p.field === "ArchiveTimestamp1")).toMatchObject({ proven: true });
    expect(r.report.longTerm!.protectedUntil).not.toBeNull();
  }, 60_000);

  it("A1: an authentic answer that says the TSA was revoked before now stops the renewal, whatever older answer says good", async () => {
    const revoked = createOcspResponse({
      subject: pki.tsa,
      issuer: pki.tsaRoot,
      responder: pki.tsaRoot,
      producedAt: new Date(),
      thisUpdate: new Date(),
      status: { revokedAt: new Date(Date.now() - DAY), reason: 1 },
    });
    const msg = await refusal(augmentArchive({ evidence: lta, tsa: tsa.url, trust: [trustDirectory()], ocsp: [ocspFile, revoked] }));
    expect(msg).toMatch(/^ERR_AUGMENT: .*Time-Stamping Unit 1.* is revoked: the OCSP response of .* says it was revoked at .*nothing was written/);
  }, 60_000);

  it("A2: a TSA whose genTime lies outside the exchange (a clock 330 days behind) is refused, the archive untouched", async () => {
    const behind = await startTsa(pki.tsa, { clock: () => new Date(Date.now() - 330 * DAY) });
    try {
      const file = join(dir, "in-place-clock.pdf");
      copyFileSync(SAMPLE, file);
      const r = await runCliAsync(["augment", file, "--in-place", "--tsa", behind.url, "--trust", trustDirectory(), "--ocsp", ocspFile]);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toMatch(/outside the exchange \(sent [\s\S]*± 60 s clock skew[\s\S]*the timestamp is refused/);
      expect(readFileSync(file).equals(readFileSync(SAMPLE))).toBe(true);
    } finally {
      await behind.close();
    }
  }, 60_000);
});

// Test fixtures built with the project's generator from the committed test PKI (samples/pki).
import type { KeyObject } from "node:crypto";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildWorkflowEvidence,
  extensions,
  issueCertificate,
  issued,
  loadPki,
  OIDS,
  serialFor,
  spkiDer,
  trustAnchors,
  workflowTokenJson,
  type EvidenceOptions,
  type TestPki,
  type WorkflowEvidence,
} from "../../scripts/generator/index.js";
import type { ArchiveReport } from "../../src/index.js";
import { runValidationTime, type CheckEnv } from "../../src/checks/facts.js";
import type { VerificationSession } from "../../src/verify/session.js";
import type { CheckResult } from "../../src/index.js";

let pki: TestPki | undefined;
export function testPki(): TestPki {
  pki ??= loadPki("samples/pki");
  return pki;
}

/**
 * A certificate for the test PKI's TSA key, "Sealcheck Test Time-Stamping Unit <label>", issued by `issuer`
 * (default the test TSA root), valid from 2023 until `notAfter`: a TSA of another lifetime than the sample's.
 */
export function tsaCertificate(
  pki: TestPki,
  label: string,
  notAfter: Date,
  issuer: TestPki["tsaRoot"] = pki.tsaRoot,
  key: KeyObject = pki.tsa.key,
): TestPki["tsa"] {
  const der = issueCertificate({
    subject: [
      [OIDS.country, "DK"],
      [OIDS.organization, "Sealcheck Test"],
      [OIDS.commonName, `Sealcheck Test Time-Stamping Unit ${label}`],
    ],
    subjectKey: key,
    issuer,
    notBefore: new Date("2023-01-01T00:00:00Z"),
    notAfter,
    serial: serialFor(`tsa-${label}`),
    extensions: [
      extensions.keyUsage("digitalSignature", "nonRepudiation"),
      extensions.extKeyUsage(true, OIDS.kpTimeStamping),
      extensions.authorityKeyIdentifier(spkiDer(issuer.key)),
      extensions.subjectKeyIdentifier(spkiDer(key)),
    ],
  });
  return issued("tsa", der, key);
}

/** What a session's checks read (as verifyArchive makes it), its validation time the session's clock now unless `at`. */
export function checkEnvOf(session: VerificationSession): CheckEnv {
  return {
    limits: session.limits,
    pki: session.pki,
    trust: session.trust,
    options: session.options,
    validationTime: runValidationTime(session.options, session.clock()),
  };
}

export function tempDir(prefix = "sealcheck-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

let trustDir: string | undefined;
/** A directory with the trust anchors a user would pass with --trust. */
export function trustDirectory(): string {
  if (!trustDir) {
    trustDir = tempDir("trust-");
    for (const [i, a] of trustAnchors(testPki()).entries()) writeFileSync(join(trustDir, `${i}-${a.role}.pem`), a.pem);
  }
  return trustDir;
}

export interface WrittenEvidence {
  dir: string;
  json: string;
  originals: string;
  evidence: WorkflowEvidence;
}

/** Builds Workflow-token evidence and writes the endpoint JSON and the originals to a fresh directory. */
export async function writeTokenEvidence(opts: Partial<EvidenceOptions> = {}, jsonOverride?: (e: WorkflowEvidence) => string): Promise<WrittenEvidence> {
  const evidence = await buildWorkflowEvidence({ pki: testPki(), ...opts });
  const dir = tempDir();
  const json = join(dir, "workflowtoken.json");
  writeFileSync(json, jsonOverride ? jsonOverride(evidence) : workflowTokenJson(evidence));
  const originals = join(dir, "originals");
  mkdirSync(originals);
  for (const o of evidence.originals) writeFileSync(join(originals, o.fileName), o.bytes);
  return { dir, json, originals, evidence };
}

export function check(report: ArchiveReport | { checks: CheckResult[] }, id: string): CheckResult {
  const c = report.checks.find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id} in report: ${report.checks.map((x) => x.id).join(", ")}`);
  return c;
}

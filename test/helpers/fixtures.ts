// Test fixtures built with the project's generator from the committed test PKI (samples/pki).
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildWorkflowEvidence,
  loadPki,
  trustAnchors,
  workflowTokenJson,
  type EvidenceOptions,
  type TestPki,
  type WorkflowEvidence,
} from "../../scripts/generator/index.js";
import type { ArchiveReport } from "../../src/index.js";
import type { CheckResult } from "../../src/index.js";

let pki: TestPki | undefined;
export function testPki(): TestPki {
  pki ??= loadPki("samples/pki");
  return pki;
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

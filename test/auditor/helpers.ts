// Fixtures of the auditor tests: whole archives (PAdES + Workflow-token JSON + originals) on disk.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildArchive, type ArchiveOptions } from "../../scripts/generator/index.js";
import { tempDir, testPki } from "../helpers/fixtures.js";

export interface WrittenArchive {
  dir: string;
  pdf: string;
  padesJson: string;
  tokenJson: string;
  originals: string;
}

export async function writeArchive(o: ArchiveOptions = {}): Promise<WrittenArchive> {
  const a = await buildArchive(testPki(), o);
  const dir = tempDir("auditor-");
  const originals = join(dir, "originals");
  mkdirSync(originals);
  for (const d of a.evidence.originals) writeFileSync(join(originals, d.fileName), d.bytes);
  const w = { dir, pdf: join(dir, "archive.pdf"), padesJson: join(dir, "pades.json"), tokenJson: join(dir, "workflowtoken.json"), originals };
  writeFileSync(w.pdf, a.pdf);
  writeFileSync(w.padesJson, a.padesJson);
  writeFileSync(w.tokenJson, a.workflowTokenJson);
  return w;
}

export { runCli as run } from "../helpers/cli.js";

/** The names of the default signers of the generator (they must never appear unless asked for). */
export const SIGNER_NAMES = ["Karen Test Jensen", "Lars Test Nielsen"];
export const SIGNER_CPRS = ["0101709995", "3112899996"];

// Running the independent cross-check tools (openssl, pdfsig, qpdf) from tests, in a scratch folder.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Is the command on PATH? */
export function hasTool(name: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).status === 0;
}

/** Run a tool; stdout+stderr and exit status, never throws on a non-zero status. */
export function runTool(cmd: string, args: string[]): { status: number; output: string } {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  return { status: r.status ?? -1, output: `${r.stdout ?? ""}${r.stderr ?? ""}` };
}

/** A fresh scratch directory with these files written into it; returns its path. */
export function scratch(files: Record<string, Uint8Array | string>): string {
  const dir = mkdtempSync(join(tmpdir(), "sealcheck-gen-"));
  for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), data);
  return dir;
}

// The CLI as a process, as users run it: the built bundle, no colour, stdout and stderr apart.
import { spawnSync } from "node:child_process";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string> = {}): CliRun {
  const r = spawnSync(process.execPath, ["dist/cli/main.js", ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1", ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// The CLI as a process, as users run it: the built bundle, no colour, stdout and stderr apart.
import { spawn, spawnSync } from "node:child_process";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Set when the process could not run or was stopped (a timeout). */
  error?: Error;
}

/**
 * `timeoutMs`: the process is killed after it (a hang is a finding), by default after 5 minutes so that a hung
 * process fails its test instead of stalling the suite; output is kept up to 64 MiB.
 */
export function runCli(args: string[], env: Record<string, string> = {}, opts: { timeoutMs?: number } = {}): CliRun {
  const r = spawnSync(process.execPath, ["dist/cli/main.js", ...args], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", ...env },
    maxBuffer: 64 * 1024 * 1024,
    timeout: opts.timeoutMs ?? 300_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, ...(r.error ? { error: r.error } : {}) };
}

/**
 * As runCli, without blocking the test's event loop: for runs that talk to servers the test itself runs
 * (a loopback TSA or OCSP responder), which a synchronous spawn would starve.
 */
export function runCliAsync(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["dist/cli/main.js", ...args], { env: { ...process.env, NO_COLOR: "1", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", (error) => resolve({ code: null, stdout, stderr, error }));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

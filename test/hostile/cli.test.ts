// The CLI on hostile inputs, as a process: exit code 0..3, either a report on stdout or exactly one line
// on stderr, never a stack trace, and completion within a generous bound (hang detection, not speed).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { trustDirectory } from "../helpers/fixtures.js";
import { deepJson, deepPdfNesting, flateBombAttachment, junk, kidsLoop, padesB64LineBreaks, pemBeginsWithoutEnd } from "./inputs.js";

let dir: string;
let main: string;
const HANG_MS = 60_000;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "sealcheck-hostile-cli-"));
  // The bundle the global setup built once for the run (test/global-setup.ts); no test file rebuilds dist/.
  main = resolve("dist/cli/main.js");
  const files: Record<string, Uint8Array | string> = {
    "bomb.pdf": flateBombAttachment(256),
    "kids-loop.pdf": kidsLoop(),
    "deep.pdf": deepPdfNesting(),
    "deep.json": deepJson(),
    "pades-linebreaks.json": padesB64LineBreaks(),
    "pem-begins.json": pemBeginsWithoutEnd(),
    "empty.pdf": new Uint8Array(),
    "junk.bin": junk(),
    "id-token.jwt": `eyJhbGciOiJub25lIn0.${"W".repeat(1000)}.`,
  };
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
  mkdirSync(join(dir, "a-directory"));
}, 120_000);

function run(args: string[]) {
  const r = spawnSync(process.execPath, [main, ...args], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", SEALCHECK_DEBUG: "" },
    timeout: HANG_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  // A hang is killed at HANG_MS and shows as r.error (ETIMEDOUT): no timed assertion.
  expect(r.error, `${args.join(" ")}: ${String(r.error)}`).toBeUndefined();
  expect(r.status, `${args.join(" ")}\n${r.stderr}`).not.toBeNull();
  expect([0, 1, 2, 3]).toContain(r.status);
  expect(r.stderr).not.toMatch(/\n\s+at |internal error|Error: /);
  // One line (commander's usage errors add the project's "(run with --help for usage)" hint).
  if (r.status === 3)
    expect(
      r.stderr
        .trim()
        .split("\n")
        .filter((l) => l !== "(run with --help for usage)"),
    ).toHaveLength(1);
  else expect(r.stdout.length).toBeGreaterThan(0);
  return r;
}

describe("sealcheck verify on hostile evidence", () => {
  it.each(["bomb.pdf", "kids-loop.pdf", "deep.pdf", "deep.json", "pades-linebreaks.json", "pem-begins.json", "empty.pdf", "junk.bin"])(
    "%s: a verdict other than TOTAL-PASSED",
    (name) => {
      const r = run(["verify", join(dir, name), "--trust", trustDirectory(), "--json"]);
      expect(r.status).toBe(1);
      const report = JSON.parse(r.stdout) as { indication: string; subIndication: string };
      expect(report.indication).toBe("TOTAL-FAILED");
    },
  );

  it("a directory as evidence, a missing file, a directory of originals that does not exist: one line, exit 3", () => {
    for (const args of [
      ["verify", join(dir, "a-directory")],
      ["verify", join(dir, "nope.pdf")],
      ["verify", join(dir, "junk.bin"), join(dir, "no-such-dir")],
    ]) {
      const r = run([...args, "--trust", trustDirectory()]);
      expect(r.status).toBe(3);
      expect(r.stderr).toMatch(/^sealcheck: /);
    }
  });

  it("the evidence size limit: exit 3 with a message naming the limit", () => {
    const r = run(["verify", join(dir, "junk.bin"), "--trust", trustDirectory(), "--limit", "maxEvidenceBytes=1000"]);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/maxEvidenceBytes/);
  });
});

describe("sealcheck verify-id-token on hostile tokens, with --limit", () => {
  const jwks = () => {
    const f = join(dir, "jwks.json");
    writeFileSync(f, JSON.stringify({ keys: [{ kty: "RSA", n: "sXch", e: "AQAB", kid: "k" }] }));
    return f;
  };
  const base = () => ["verify-id-token", "--issuer", "test", "--audience", "DK11111111", "--jwks", jwks()];

  it("alg none, junk, an empty file: TOTAL-FAILED", () => {
    for (const t of [join(dir, "id-token.jwt"), join(dir, "junk.bin"), join(dir, "empty.pdf")]) {
      const r = run([...base(), t, "--json", "--limit", "maxJwtBytes=2M"]);
      expect(r.status).toBe(1);
    }
  });

  it("a lowered limit is named with how to raise it; a bad --limit is a usage error", () => {
    const r = run([...base(), join(dir, "id-token.jwt"), "--json", "--limit", "max-jwt-bytes=100"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/limit maxJwtBytes: raise it with --limit maxJwtBytes=<n>/);
    const bad = run([...base(), join(dir, "id-token.jwt"), "--limit", "maxBogus=1"]);
    expect(bad.status).toBe(3);
    expect(bad.stderr).toMatch(/unknown limit "maxBogus"/);
    const zero = run([...base(), join(dir, "id-token.jwt"), "--limit", "maxJwtBytes=0"]);
    expect(zero.status).toBe(3);
  });

  it("--help lists the command's limits with their defaults; --help-all says what each bounds", () => {
    const r = spawnSync(process.execPath, [main, "verify-id-token", "--help"], { encoding: "utf8" });
    expect(r.stdout).toMatch(/maxJwksKeys\s+100/);
    expect(r.stdout).not.toMatch(/maxDecodedStreamBytes/);
    const all = spawnSync(process.execPath, [main, "verify", "--help-all"], { encoding: "utf8" });
    expect(all.stdout).toMatch(/maxDecodedStreamBytes\s+64M\n\s+largest decoded PDF stream/);
  });
});

describe("a reader that stops early", () => {
  it("`sealcheck ... | head -1`: exits quietly, no EPIPE stack trace", () => {
    // The whole help text, a verify report: larger than what `head` reads before it closes the pipe.
    for (const args of [
      ["verify-batch", "--help"],
      ["verify", "samples/valid/archive.pdf", "samples/valid/originals", "--trust", trustDirectory(), "--json"],
    ]) {
      const quoted = [process.execPath, main, ...args].map((a) => `'${a}'`).join(" ");
      const r = spawnSync("bash", ["-c", `set -o pipefail; ${quoted} | head -c 1 >/dev/null; echo "exit=$?" >&2`], { encoding: "utf8", timeout: HANG_MS });
      expect(r.stderr, args.join(" ")).not.toMatch(/EPIPE|\n\s+at /);
      expect(r.stderr).toMatch(/exit=0\n?$/);
    }
  });
});

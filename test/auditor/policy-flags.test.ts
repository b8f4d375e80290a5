// The verification policy's flags are declared once (cli/options.ts, one table) and mean the same on every
// command that verifies archives: `verify`, `verify-batch`, `queue add` and `worker` show each with the same help
// line, and no command declares one of its own. Before, --trust, --certs and --at were declared three times,
// --show-personal-data twice, with different texts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const POLICY_FLAGS = [
  "--trust",
  "--certs",
  "--at",
  "--ocsp-window",
  "--clock-skew",
  "--token-signer",
  "--seal-signer",
  "--trust-token",
  "--trust-seal",
  "--trust-tsa",
  "--allow-extra-originals",
  "--trusted-list",
  "--lotl",
  "--tl-signer",
  "--tl-min-sequence",
  "--show-personal-data",
  "--limit",
];
const COMMANDS = [["verify"], ["verify-batch"], ["queue", "add"], ["worker"]];

/** Each policy flag's help entry (its line and the wrapped lines under it) in a command's --help. */
function entries(cmd: string[]): Map<string, string> {
  // --help-all: verify-batch, queue add and worker name the policy's flags in one paragraph of their --help.
  const help = runCli([...cmd, "--help-all"], { COLUMNS: "200" }).stdout;
  const out = new Map<string, string>();
  const blocks = help.split(/\n(?= {2}-)/);
  for (const flag of POLICY_FLAGS) {
    const block = blocks.find((b) => new RegExp(`^ {2}(-\\w, )?${flag}[ =]`).test(b.trimEnd() + " "));
    if (block) out.set(flag, block.split("\n\n")[0]!.replace(/\s+/g, " ").trim());
  }
  return out;
}

describe("the policy's flags", () => {
  it("are the same on verify, verify-batch, queue add and worker: each with one help text", () => {
    const [first, ...rest] = COMMANDS.map(entries);
    expect([...first!.keys()].sort()).toEqual([...POLICY_FLAGS].sort());
    for (const other of rest) expect(other).toEqual(first);
  });

  it("are declared in cli/options.ts only: no command declares one of its own", () => {
    for (const file of ["verify", "verify-batch", "queue"].map((c) => `cli/commands/${c}.ts`)) {
      const source = readFileSync(file, "utf8");
      for (const flag of POLICY_FLAGS) expect(source, `${file} declares ${flag}`).not.toMatch(new RegExp(`["\`]${flag}[ "\`]`));
    }
  });
});

// `sealcheck completion bash|zsh`: prints a completion script generated from the declared commands.
import type { Command, Option } from "commander";
import { SealcheckError } from "../../src/api/common.js";
import { runGuarded, writeOut } from "../io.js";

const SHELLS = ["bash", "zsh"] as const;
const PATH_VALUE = /path|file|dir|\.|json|html|jwks|store|out|pem|certs?|trust/i;

function option(o: Option): import("../completion-scripts.js").CompletionOption {
  const takes = o.required || o.optional;
  const placeholder = /<([^>]+)>|\[([^\]]+)\]/.exec(o.flags);
  const name = placeholder?.[1] ?? placeholder?.[2] ?? "";
  return {
    long: o.long ?? o.flags,
    ...(o.short ? { short: o.short } : {}),
    description: o.description,
    value: !takes ? "none" : PATH_VALUE.test(name) || PATH_VALUE.test(o.long ?? "") ? "path" : "other",
    repeatable: Array.isArray(o.defaultValue) || o.variadic,
  };
}

export function describeCommands(cmds: readonly Command[]): import("../completion-scripts.js").CompletionCommand[] {
  return cmds
    .filter((c) => c.name() !== "help")
    .map((c) => {
      const args = c.registeredArguments;
      const shell = args.some((a) => a.name() === "shell");
      return {
        name: c.name(),
        description: c.description(),
        // Options left out of the short --help (named in one paragraph there) are options all the same.
        options: c.options.filter((o) => o.long !== undefined).map(option),
        subcommands: describeCommands(c.commands),
        fileArguments: !shell && args.length > 0,
        ...(shell ? { choices: [...SHELLS] } : {}),
      };
    });
}

export function registerCompletion(program: Command): void {
  program
    .command("completion")
    .description("Print a shell completion script for bash or zsh")
    .argument("[shell]", "bash or zsh (default: bash)", "bash")
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck completion bash > /etc/bash_completion.d/sealcheck
  $ echo 'source <(sealcheck completion bash)' >> ~/.bashrc
  $ sealcheck completion zsh > "\${fpath[1]}/_sealcheck"`,
    )
    .action(async (shell: string) => {
      await runGuarded(async () => {
        if (!(SHELLS as readonly string[]).includes(shell)) {
          throw new SealcheckError("ERR_USAGE", `completion: unknown shell "${shell}" (expected ${SHELLS.join(" or ")})`);
        }
        const { bashCompletion, zshCompletion } = await import("../completion-scripts.js");
        const tree = describeCommands(program.commands);
        await writeOut(shell === "zsh" ? zshCompletion(tree) : bashCompletion(tree));
        return 0;
      });
    });
}

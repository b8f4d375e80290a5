// The command line: a thin layer over the library. Each command lives in cli/commands/<name>.ts and is
// imported only when it runs, so that `sealcheck verify` does not load what `verify-id-token` needs.
// cli/main.ts starts it (through V8's code cache when built).
import { Command, CommanderError } from "commander";
import { VERSION } from "../src/api/common.js";
import { runGuarded } from "./io.js";
import { HELP_CONFIG } from "./options.js";

export async function main(): Promise<void> {
  // A reader that stops early (`sealcheck ... | head`) closes the pipe: stop quietly, as other Unix tools do,
  // instead of dying on an unhandled EPIPE with a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw e;
    });
  }

  // --help-all is --help with every option and limit described (cli/options.ts HELP_ALL).
  const at = process.argv.indexOf("--help-all");
  if (at > 0) process.argv[at] = "--help";
  const program = new Command();
  program
    .name("sealcheck")
    .description("Offline verifier for the broker's sealed PAdES archives, Workflow tokens and controlled-transfer ID tokens, and for ETSI trusted lists.")
    .version(VERSION, "-V, --version")
    .showHelpAfterError("(run with --help for usage)")
    // One width for every help text, whatever the terminal: the texts after the options are written to it.
    .configureHelp(HELP_CONFIG)
    .exitOverride()
    .configureOutput({ outputError: (str, write) => write(str) })
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck verify archive.pdf originals/ --trust roots/
  $ sealcheck verify-batch /archive --trust roots/ --out results.jsonl
  $ sealcheck verify-id-token token.jwt --issuer production \\
      --audience DK12345678 --jwks broker-keys.json
  $ sealcheck verify-tl ES.xml --lotl eu-lotl.xml --trust oj-lotl-signers.pem
  $ sealcheck inspect archive.pdf

Run sealcheck <command> --help for a command's options and examples.`,
    );

  // Registration is cheap: each module exports `register(program, run)` that declares options only.
  const { registerCommands } = await import("./commands/index.js");
  registerCommands(program, process.argv[2]);

  try {
    await program.parseAsync(process.argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version exit 0 through commander; everything else is a usage error: exit 3.
      process.exitCode = e.exitCode === 0 ? 0 : 3;
    } else {
      await runGuarded(async () => {
        throw e;
      });
    }
  }
}

// `sealcheck jwks save|show`: snapshot the broker's discovery document and JWKS for offline verification
// of old tokens later (keys rotate), and list what a saved key set holds.
import type { Command } from "commander";
import { printStderrLine, runGuarded, writeOut } from "../io.js";
import { safeText } from "../../src/api/common.js";
import { parseSeconds } from "../options.js";

interface SaveOptions {
  issuer: string;
  out?: string;
  timeout?: number;
  maxResponseSize?: number;
}

async function save(o: SaveOptions): Promise<number> {
  const lib = await import("../../src/api/id-token.js");
  const timeoutMs = o.timeout;
  const maxResponseBytes = o.maxResponseSize;
  const snapshot = await lib.fetchJwksSnapshot(o.issuer, {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxResponseBytes !== undefined ? { maxResponseBytes } : {}),
  });
  // A remote document that is no JWKS is the source's fault, named as such (exit 3), never an internal error;
  // nothing is written then.
  const set = lib.snapshotKeySet(snapshot, (await import("../../src/api/common.js")).DEFAULT_LIMITS);
  const { renderJson } = await import("../../src/api/common.js");
  const text = renderJson(snapshot);
  if (o.out) {
    const { writeOutputFile } = await import("../../src/api/common.js");
    writeOutputFile(o.out, text, "the JWKS snapshot");
    printStderrLine(
      `saved ${set.keys.length} signing key(s) (${set.keys.map((k) => k.kid ?? `#${k.index}`).join(", ") || "none"}) from ${snapshot.jwksUri} to ${o.out}`,
    );
  } else {
    await writeOut(text);
  }
  return 0;
}

async function show(file: string): Promise<number> {
  const lib = await import("../../src/api/id-token.js");
  const set = await lib.loadKeysFile(file).current();
  // Every value here comes from the key set file: each goes through the sanitiser.
  const t = safeText;
  const lines = [
    `${t(file)}: ${set.origin.issuer ? `issuer ${t(set.origin.issuer)}` : "no discovery document"}${set.origin.retrievedAt ? `, retrieved ${t(set.origin.retrievedAt)}` : ""}`,
    ...set.keys.map(
      (k) =>
        `  [sig]  ${t(k.kid ?? `#${k.index}`)}  ${t(k.kty)}  ${t(k.algorithms.join(","))}${k.certificate ? `  ${t(k.certificate.subject)} (${t(k.certificate.notBefore)} .. ${t(k.certificate.notAfter)})` : ""}`,
    ),
    ...set.skipped.map((s) => `  [skip] ${t(s.kid ?? `#${s.index}`)}  ${t(s.reason)}`),
  ];
  await writeOut(`${lines.join("\n")}\n`);
  return 0;
}

export function registerJwks(program: Command): void {
  const jwks = program
    .command("jwks")
    .description("Save and inspect the broker's signing keys for offline ID token verification.")
    .addHelpText("after", "\nExamples:\n  $ sealcheck jwks save --issuer production --out broker-keys.json\n  $ sealcheck jwks show broker-keys.json");
  jwks
    .command("save")
    .description("Fetch {issuer}/.well-known/openid-configuration and its jwks_uri; write a snapshot (discovery, JWKS, retrieval time).")
    .requiredOption("--issuer <url>", "issuer URL, or production | preproduction | test")
    .option("--out <file>", "where to write the snapshot (default: stdout)")
    .option("--timeout <ms>", "timeout per request (default 5000)", parseSeconds)
    .option("--max-response-size <bytes>", "largest response accepted (default 1048576)", parseSeconds)
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck jwks save --issuer production --out broker-keys.json
  $ sealcheck verify-id-token token.jwt --issuer production \\
      --audience DK12345678 --jwks broker-keys.json`,
    )
    .action(async (opts: SaveOptions) => {
      await runGuarded(() => save(opts));
    });
  jwks
    .command("show")
    .description("List the signing keys a saved JWKS or snapshot holds, and the keys passed over with the reason.")
    .argument("<file>", "a JWKS or a snapshot from `jwks save`")
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck jwks show broker-keys.json
  $ sealcheck jwks show samples/receiver/jwks.json`,
    )
    .action(async (file: string) => {
      await runGuarded(() => show(file));
    });
}

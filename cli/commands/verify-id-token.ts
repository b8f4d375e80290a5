// `sealcheck verify-id-token`: options only here; the verifier is imported when the command runs.
import { existsSync } from "node:fs";
import { parseValidationTime } from "../../src/api/common.js";
import { Option, type Command } from "commander";
import { SealcheckError } from "../../src/api/common.js";
import { runGuarded, useColour, writeOut } from "../io.js";
import { limitHelp, limitOption, listOption, moreOptionsHelp, parseSeconds, secondary } from "../options.js";

export interface VerifyIdTokenCliOptions {
  issuer: string;
  audience: string;
  sender?: string[];
  jwks?: string;
  discoveryDocument?: string;
  discovery?: boolean;
  at?: string;
  json?: boolean;
  showPersonalData?: boolean;
  alg?: string[];
  clockTolerance?: number;
  maxAge?: number;
  timeout?: number;
  maxResponseSize?: number;
  /** --limit name=value pairs (repeatable). */
  limit?: Record<string, number>;
}

/**
 * A compact JWS by its form (RFC 7515 §7.1): three base64url parts, the header's not empty. Not by its first
 * characters: base64url of "{" starts with "e", but a header with leading white space ("IHsi…") or another
 * first byte does not, and such a token is still a token to judge (the format check says what is wrong with it).
 */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

/** `-` is stdin, an existing path is a file, a compact JWS is the token itself; anything else is a missing file. */
async function readToken(arg: string, maxBytes: number): Promise<string> {
  if (arg === "-") {
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of process.stdin) {
      total += (chunk as Buffer).length;
      if (total > maxBytes)
        throw new SealcheckError(
          "ERR_INPUT_TOO_LARGE",
          `stdin: more than the ID token limit of ${maxBytes} bytes (limit maxJwtBytes: raise it with --limit maxJwtBytes=<n>)`,
        );
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString("utf8");
  }
  if (existsSync(arg)) {
    const { readBounded } = await import("../../src/api/common.js");
    try {
      return Buffer.from(readBounded(arg, maxBytes)).toString("utf8");
    } catch (e) {
      if (e instanceof SealcheckError && e.code === "ERR_INPUT_TOO_LARGE") {
        throw new SealcheckError(
          "ERR_INPUT_TOO_LARGE",
          `${arg}: larger than the ID token limit of ${maxBytes} bytes (limit maxJwtBytes: raise it with --limit maxJwtBytes=<n>)`,
          { file: arg },
        );
      }
      throw e;
    }
  }
  if (COMPACT_JWS.test(arg.trim())) return arg;
  // Never echoed: the argument may be a bearer token (personal data, a credential) that would end up in logs.
  throw new SealcheckError(
    "ERR_FILE_NOT_FOUND",
    `the token argument (${arg.length} characters, not shown) is neither an existing file, nor - for stdin, nor a compact JWS`,
  );
}

async function run(tokenArg: string, o: VerifyIdTokenCliOptions): Promise<number> {
  const lib = await import("../../src/api/id-token.js");
  const { resolveLimits } = await import("../../src/api/common.js");
  const limits = resolveLimits(o.limit ?? {});
  const limitOpts = o.limit && Object.keys(o.limit).length ? { limits: o.limit } : {};
  if (o.jwks && o.discovery) throw new SealcheckError("ERR_USAGE", "give either --jwks <file> or --discovery, not both");
  if (!o.jwks && !o.discovery)
    throw new SealcheckError("ERR_USAGE", "no keys: give --jwks <file> (a saved JWKS or snapshot) or --discovery (fetch them from the issuer)");
  if (o.discoveryDocument && !o.jwks) throw new SealcheckError("ERR_USAGE", "--discovery-document goes with --jwks <file>");
  const at = o.at !== undefined ? parseValidationTime(o.at) : undefined;
  const clockToleranceSec = o.clockTolerance;
  const maxAgeSec = o.maxAge;
  const timeoutMs = o.timeout;
  const maxResponseBytes = o.maxResponseSize;
  const algorithms = (o.alg?.length ? o.alg : ["RS256"]) as import("../../src/api/id-token.js").IdTokenAlgorithm[];

  const keys = o.jwks
    ? lib.loadKeysFile(o.jwks, { ...(o.discoveryDocument ? { discoveryDocument: o.discoveryDocument } : {}), ...limitOpts })
    : new lib.DiscoveryKeyProvider(o.issuer, {
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(maxResponseBytes !== undefined ? { maxResponseBytes } : {}),
        ...limitOpts,
      });
  // Trailing whitespace (a newline from `echo`) is allowed around a file's token; the limit stays the JWT limit.
  const token = await readToken(tokenArg, limits.maxJwtBytes + 4096);
  const report = await lib.verifyIdToken(token, {
    issuer: o.issuer,
    audience: o.audience,
    ...(o.sender?.length ? { sender: o.sender } : {}),
    keys,
    algorithms,
    ...(at ? { at } : {}),
    ...(clockToleranceSec !== undefined ? { clockToleranceSec } : {}),
    ...(maxAgeSec !== undefined ? { maxAgeSec } : {}),
    // One CLI run sees one presentation; replay detection belongs to the receiver's service.
    replayStore: null,
    ...limitOpts,
  });
  if (o.json) {
    const { renderJson } = await import("../../src/api/common.js");
    const { idTokenReportForOutput } = await import("../../src/api/id-token.js");
    await writeOut(renderJson(idTokenReportForOutput(report, Boolean(o.showPersonalData))));
  } else {
    const { renderIdTokenReport, idTokenReportForOutput } = await import("../../src/api/id-token.js");
    const shown = idTokenReportForOutput(report, Boolean(o.showPersonalData));
    await writeOut(renderIdTokenReport(shown, { colour: useColour() }, { showPersonalData: Boolean(o.showPersonalData), width: process.stdout.columns || 80 }));
  }
  const { exitCodeFor } = await import("../../src/api/common.js");
  return exitCodeFor(report.indication);
}

export function registerVerifyIdToken(program: Command): void {
  const cmd = program
    .command("verify-id-token")
    .description("Verify a controlled-transfer ID token for a receiver: signature, issuer, audience, sender, lifetime, claims.")
    .argument("<token>", "the ID token, a file holding it, or - for stdin")
    .requiredOption("--issuer <url>", "the issuer: production, preproduction, test or a URL")
    .requiredOption("--audience <DKcvr>", "this receiver: DK followed by its CVR number")
    .addOption(listOption("--sender <DKcvr>", "an expected sender, repeatable: any of them is accepted", "any sender"))
    .option("--jwks <file>", "the broker's keys: a JWKS or `jwks save` snapshot (a saved JWKS, or a snapshot from `sealcheck jwks save`)")
    .addOption(secondary(new Option("--discovery-document <file>", "a saved openid-configuration that goes with a plain --jwks file")))
    .option("--discovery", "fetch {issuer}/.well-known/openid-configuration and its jwks_uri (HTTPS; HTTP only for loopback)")
    .option("--at <time>", "validation time, RFC 3339 (default: now)")
    .addOption(secondary(listOption("--alg <alg>", "allowed signature algorithm (repeatable)", "RS256")))
    .addOption(secondary(new Option("--clock-tolerance <seconds>", "tolerance for exp, nbf and iat (default 60)").argParser(parseSeconds)))
    .addOption(secondary(new Option("--max-age <seconds>", "refuse tokens issued longer ago than this (default: only exp limits)").argParser(parseSeconds)))
    .addOption(secondary(new Option("--timeout <ms>", "with --discovery: timeout per request (default 5000)").argParser(parseSeconds)))
    .addOption(secondary(new Option("--max-response-size <bytes>", "with --discovery: largest response accepted (default 1048576)").argParser(parseSeconds)))
    .addOption(secondary(limitOption()))
    .option("--json", "print the report as JSON (nothing else on stdout)")
    .option("--show-personal-data", "show the ct_claims' values (hidden in human output, personal data masked in --json, by default)");
  cmd
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck verify-id-token samples/receiver/id-token.jwt --issuer test \\
      --audience DK11111111 --sender DK22222222 \\
      --jwks samples/receiver/jwks.json --at 2025-12-08T08:37:00Z
  $ sealcheck jwks save --issuer production --out broker-keys.json
  $ echo "$ID_TOKEN" | sealcheck verify-id-token - --issuer production \\
      --audience DK12345678 --jwks broker-keys.json --json

${moreOptionsHelp(cmd, "More options")}${limitHelp("id-token")}

Exit codes: 0 TOTAL-PASSED, 1 TOTAL-FAILED, 2 INDETERMINATE, 3 no verdict.`,
    )
    .action(async (token: string, opts: VerifyIdTokenCliOptions) => {
      await runGuarded(() => run(token, opts));
    });
}

// Option parsers shared by the commands. Bad values are usage errors (exit 3) via commander.
import { InvalidArgumentError, Option } from "commander";
import { DEFAULT_LIMITS, LIMIT_DESCRIPTIONS, LIMIT_NAMES, SealcheckError, type Limits } from "../src/api/common.js";

export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function parseSeconds(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !Number.isFinite(n)) throw new InvalidArgumentError("expected a non-negative number");
  return n;
}

/**
 * `--limit <name>=<value>` (repeatable): raises or lowers one resource limit (src/limits.ts). The name is
 * a Limits key (`maxDecodedStreamBytes`) or its kebab-case form (`max-decoded-stream-bytes`); the value a
 * positive integer, optionally with a binary suffix K, M or G (`--limit maxDecodedStreamBytes=256M`).
 * Commander accumulates the pairs into a record; pass it as `limits` to the library.
 */
export function parseLimit(value: string, previous: Record<string, number> = {}): Record<string, number> {
  const m = /^([A-Za-z-]{1,40})=(\d{1,16})([KMG]i?B?)?$/i.exec(value.trim());
  if (!m) throw new InvalidArgumentError(`expected <name>=<value>, e.g. maxDecodedStreamBytes=256M (limits: ${LIMIT_NAMES.join(", ")})`);
  const name = limitName(m[1]!);
  if (!name) throw new InvalidArgumentError(`unknown limit "${m[1]}" (limits: ${LIMIT_NAMES.join(", ")})`);
  const unit = (m[3] ?? "").charAt(0).toUpperCase();
  const n = Number(m[2]) * (unit === "K" ? 1024 : unit === "M" ? 1024 ** 2 : unit === "G" ? 1024 ** 3 : 1);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError(`limit ${name} must be a positive integer`);
  return { ...previous, [name]: n };
}

/** A Limits key from its camelCase or kebab-case spelling, or null. */
export function limitName(raw: string): keyof Limits | null {
  const camel = raw.replace(/-([a-z])/gi, (_, c: string) => c.toUpperCase());
  const found = LIMIT_NAMES.find((n) => n.toLowerCase() === camel.toLowerCase());
  return found ?? null;
}

/** Help text for --limit: every limit with its default, its description wrapped under it (help is 80 wide). */
export function limitHelp(): string {
  return LIMIT_NAMES.map((n) => `  ${n.padEnd(24)} ${String(DEFAULT_LIMITS[n]).padStart(11)}\n${wrapHelp(LIMIT_DESCRIPTIONS[n], "      ")}`).join("\n");
}

/** The width of every help text (commander's own columns and the texts after them). */
export const HELP_WIDTH = 80;

/** Words wrapped to HELP_WIDTH, each line indented. */
export function wrapHelp(text: string, indent: string): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && indent.length + line.length + 1 + word.length > HELP_WIDTH) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines.join("\n");
}

/** A repeatable option collected into a list, whose default is said in words (not as "[]"). */
export function listOption(flags: string, description: string, defaultText: string): Option {
  return new Option(flags, description).argParser(collect).default([], defaultText);
}

/** The commander option for --limit, to add to a command with `.addOption(limitOption())`. */
export function limitOption(): Option {
  return new Option("--limit <name=value>", "raise or lower a resource limit (repeatable; the limits and their defaults are listed below)")
    .argParser(parseLimit)
    .default({}, "the defaults");
}

/**
 * The options that shape an archive's verdict, declared once for `verify` and `verify-batch` (the library
 * takes the same as VerifyArchiveOptions): OCSP window, clock skew, who may sign tokens and seals, per-role
 * anchors, extra originals.
 */
export function verdictOptions(): Option[] {
  return [
    new Option("--ocsp-window <seconds>", "how long before the sealing time an OCSP response may be produced").argParser(parseSeconds).default(300),
    new Option("--clock-skew <seconds>", "clock skew tolerated between broker, OCSP responder and TSA").argParser(parseSeconds).default(60),
    listOption("--token-signer <organizationIdentifier>", "organisation allowed to sign Workflow tokens (repeatable)", "the broker, NTRDK-29915938"),
    listOption(
      "--seal-signer <orgId|certificate-file>",
      "also accept seals by this organizationIdentifier or certificate (repeatable; the broker's production and test seals are always accepted)",
      "none",
    ),
    listOption("--trust-token <path>", "trust anchor(s) for the Workflow-token certificate and its OCSP responder only (repeatable)", "none"),
    listOption("--trust-seal <path>", "trust anchor(s) for the seal certificate only (repeatable)", "none"),
    listOption("--trust-tsa <path>", "trust anchor(s) for time-stamping units only (repeatable)", "none"),
    new Option("--allow-extra-originals", "a supplied file that matches no signed document is a warning, not TOTAL-FAILED"),
    new Option(
      "--policy <file>",
      "cryptographic constraints by date (schemas/crypto-policy.schema.json) instead of the shipped schemas/crypto-policy.default.json",
    ),
  ];
}

/** Trusted lists as a source of anchors, for `verify` and `verify-batch`. */
export function trustedListFlags(): Option[] {
  return [
    listOption(
      "--trusted-list <list.xml>",
      "a trusted list (ETSI TS 119 612): once it verifies, its CA and TSA services' certificates are anchors for their roles while their status vouches (repeatable)",
      "none",
    ),
    listOption("--lotl <lotl.xml>", "a list of lists that announces the trusted lists' signers (repeatable)", "none"),
    listOption("--tl-signer <path>", "pinned signer certificate(s) of the list of lists, or of a trusted list itself (repeatable)", "none"),
  ];
}

/** The anchors of --trusted-list (each list verified first), or nothing when no list was given. */
export async function trustedListsFrom(opts: Record<string, unknown>): Promise<{ trustedLists?: import("../src/api/trust-list.js").TrustedListAnchors }> {
  const lists = (opts.trustedList as string[] | undefined) ?? [];
  const lotls = (opts.lotl as string[] | undefined) ?? [];
  const signers = (opts.tlSigner as string[] | undefined) ?? [];
  if (!lists.length) {
    if (lotls.length || signers.length) throw new SealcheckError("ERR_USAGE", "--lotl and --tl-signer are for --trusted-list, which was not given");
    return {};
  }
  const { loadTrustedListAnchors, readCertificateFiles } = await import("../src/api/trust-list.js");
  return {
    trustedLists: await loadTrustedListAnchors({
      lists,
      lotls,
      signers: readCertificateFiles(signers, "--tl-signer"),
      ...(opts.limit ? { limits: opts.limit as Record<string, number> } : {}),
    }),
  };
}

/**
 * The verification options of verify-batch, the queue and its workers, from the parsed flags (one list), the
 * trusted lists' anchors included (each list verified first).
 */
export async function batchVerifyOptions(opts: Record<string, unknown>): Promise<import("../src/api/batch.js").BatchVerifyOptions> {
  return {
    trust: opts.trust as string[],
    certs: opts.certs as string[],
    ...(opts.at !== undefined ? { at: opts.at as string } : {}),
    ocspWindowSeconds: opts.ocspWindow as number,
    clockSkewSeconds: opts.clockSkew as number,
    showPersonalData: Boolean(opts.showPersonalData),
    tokenSignerOrganizations: opts.tokenSigner as string[],
    sealSigners: opts.sealSigner as string[],
    trustFor: { token: opts.trustToken as string[], seal: opts.trustSeal as string[], tsa: opts.trustTsa as string[] },
    allowExtraOriginals: Boolean(opts.allowExtraOriginals),
    ...(opts.policy !== undefined ? { policy: opts.policy as string } : {}),
    ...(opts.limit ? { limits: opts.limit as Record<string, number> } : {}),
    ...(await trustedListsFrom(opts)),
  };
}

/** The flags batchVerifyOptions reads, for commands that verify (or enqueue for verifying) many archives. */
export function batchVerifyFlags(): Option[] {
  return [
    listOption("--trust <path>", "trust anchor certificate(s): a PEM/DER file, a PEM bundle or a directory (repeatable)", "none"),
    listOption("--certs <path>", "extra untrusted certificates for path building (repeatable)", "none"),
    new Option("--at <time>", "validation time, ISO 8601 (default: now; the sealed evidence is judged at the time its timestamps prove)"),
    ...verdictOptions(),
    ...trustedListFlags(),
    new Option("--show-personal-data", "keep names, national ids, IP addresses and age claims unmasked in the reports"),
    limitOption(),
  ];
}

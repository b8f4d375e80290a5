// Option parsers shared by the commands. Bad values are usage errors (exit 3) via commander.
import { InvalidArgumentError, Option } from "commander";
import { DEFAULT_LIMITS, LIMIT_DESCRIPTIONS, LIMIT_NAMES, POLICY_DEFAULTS, SealcheckError, type Limits, type Policy } from "../src/api/common.js";

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

/** One flag of the verification policy: its commander option and what its value sets in the policy. */
interface PolicyFlag {
  option: () => Option;
  set: (p: Policy, value: unknown) => void;
}

const strings = (v: unknown): string[] => (v as string[] | undefined) ?? [];

/**
 * Every flag of the verification policy (src/policy.ts), declared once: `verify`, `verify-batch`, `queue add`
 * and `worker` take them all (policyFlags) and build the policy from them in one place (policyFrom). Only what
 * the user gave is set: the policy's own defaults apply otherwise (the help shows them).
 */
const POLICY_FLAGS: readonly PolicyFlag[] = [
  {
    option: () => listOption("--trust <path>", "trust anchor certificate(s): a PEM/DER file, a PEM bundle or a directory (repeatable)", "none"),
    set: (p, v) => void (p.trust = strings(v)),
  },
  {
    option: () => listOption("--certs <path>", "extra untrusted certificates for path building (repeatable)", "none"),
    set: (p, v) => void (p.certs = strings(v)),
  },
  {
    option: () => new Option("--at <time>", "validation time, ISO 8601 (default: now; the sealed evidence is judged at the time its timestamps prove)"),
    set: (p, v) => void (p.at = v as string),
  },
  {
    option: () =>
      new Option("--ocsp-window <seconds>", "how long before the sealing time an OCSP response may be produced")
        .argParser(parseSeconds)
        .default(POLICY_DEFAULTS.ocspWindowSeconds),
    set: (p, v) => void (p.ocspWindowSeconds = v as number),
  },
  {
    option: () =>
      new Option("--clock-skew <seconds>", "clock skew tolerated between broker, OCSP responder and TSA")
        .argParser(parseSeconds)
        .default(POLICY_DEFAULTS.clockSkewSeconds),
    set: (p, v) => void (p.clockSkewSeconds = v as number),
  },
  {
    option: () =>
      listOption("--token-signer <organizationIdentifier>", "organisation allowed to sign Workflow tokens (repeatable)", "the broker, NTRDK-29915938"),
    set: (p, v) => void (p.tokenSignerOrganizations = strings(v)),
  },
  {
    option: () =>
      listOption(
        "--seal-signer <orgId|certificate-file>",
        "also accept seals by this organizationIdentifier or certificate (repeatable; the broker's production and test seals are always accepted)",
        "none",
      ),
    set: (p, v) => void (p.sealSigners = strings(v)),
  },
  ...(["token", "seal", "tsa"] as const).map((role): PolicyFlag => ({
    option: () =>
      listOption(
        `--trust-${role} <path>`,
        {
          token: "trust anchor(s) for the Workflow-token certificate and its OCSP responder only (repeatable)",
          seal: "trust anchor(s) for the seal certificate only (repeatable)",
          tsa: "trust anchor(s) for time-stamping units only (repeatable)",
        }[role],
        "none",
      ),
    set: (p, v) => void (p.trustFor = { ...p.trustFor, [role]: strings(v) }),
  })),
  {
    option: () =>
      new Option(
        "--policy <file>",
        "cryptographic constraints by date (schemas/crypto-policy.schema.json) instead of the shipped schemas/crypto-policy.default.json",
      ),
    set: (p, v) => void (p.cryptoPolicy = v as string),
  },
  {
    option: () => new Option("--allow-extra-originals", "a supplied file that matches no signed document is a warning, not TOTAL-FAILED"),
    set: (p, v) => void (p.allowExtraOriginals = Boolean(v)),
  },
  // The trusted lists: read and verified by policyFrom, their anchors put in the policy.
  {
    option: () =>
      listOption(
        "--trusted-list <list.xml>",
        "a trusted list (ETSI TS 119 612): once it verifies, its CA and TSA services' certificates are anchors for their roles while their status vouches (repeatable)",
        "none",
      ),
    set: () => {},
  },
  {
    option: () => listOption("--lotl <lotl.xml>", "a list of lists that announces the trusted lists' signers (repeatable)", "none"),
    set: () => {},
  },
  {
    option: () => listOption("--tl-signer <path>", "pinned signer certificate(s) of the list of lists, or of a trusted list itself (repeatable)", "none"),
    set: () => {},
  },
  {
    option: () => new Option("--show-personal-data", "show names, national ids, IP addresses and age claims instead of masking them"),
    set: (p, v) => void (p.showPersonalData = Boolean(v)),
  },
  { option: limitOption, set: (p, v) => void (p.limits = v as Record<string, number>) },
];

/** The policy's flags, for every command that verifies archives (or enqueues them for verifying). */
export function policyFlags(): Option[] {
  return POLICY_FLAGS.map((f) => f.option());
}

/** The anchors of --trusted-list (each list verified first), or nothing when no list was given. */
async function trustedListsFrom(opts: Record<string, unknown>): Promise<Pick<Policy, "trustedLists">> {
  const lists = strings(opts.trustedList);
  const lotls = strings(opts.lotl);
  const signers = strings(opts.tlSigner);
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
 * The verification policy from the parsed flags, built once for the command (verify, verify-batch, queue add,
 * worker): each flag the user gave, and the trusted lists' anchors (each list verified first).
 */
export async function policyFrom(opts: Record<string, unknown>): Promise<Policy> {
  const p: Policy = {};
  for (const f of POLICY_FLAGS) {
    const value = opts[f.option().attributeName()];
    if (value !== undefined) f.set(p, value);
  }
  return { ...p, ...(await trustedListsFrom(opts)) };
}

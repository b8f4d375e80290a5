// Option parsers shared by the commands. Bad values are usage errors (exit 3) via commander.
import { Help, InvalidArgumentError, Option, type Command, type HelpConfiguration } from "commander";
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

/** Which limits bound what a command reads (its --help lists those only; the man page says what each bounds). */
const LIMITS_XML: readonly (keyof Limits)[] = LIMIT_NAMES.filter((n) => n.startsWith("maxXml"));
const LIMITS_DER: readonly (keyof Limits)[] = ["maxDerBytes", "maxAsn1Depth", "maxAsn1Nodes", "maxOidBytes"];
export const COMMAND_LIMITS = {
  /** Archives: the evidence, its PDF, CMS and token, the originals, and trusted lists (--trusted-list). */
  archive: LIMIT_NAMES,
  /** inspect and extract read the evidence, not originals or trusted lists. */
  evidence: LIMIT_NAMES.filter((n) => !LIMITS_XML.includes(n) && n !== "maxOriginals" && n !== "maxOriginalBytes"),
  "id-token": ["maxJwtBytes", "maxJsonBytes", "maxJsonDepth", "maxJwksKeys"] as (keyof Limits)[],
  "trusted-list": [...LIMITS_XML, ...LIMITS_DER],
} as const satisfies Record<string, readonly (keyof Limits)[]>;
export type LimitGroup = keyof typeof COMMAND_LIMITS;

/** A limit's default as --limit takes it: 64M rather than 67108864. */
function limitValue(n: number): string {
  for (const [unit, size] of [
    ["G", 1024 ** 3],
    ["M", 1024 ** 2],
  ] as const)
    if (n >= size && n % size === 0) return `${n / size}${unit}`;
  return String(n);
}

/**
 * The limits plain --help names with their defaults, when a command has too many to list them all on a
 * screen: those a large but honest input reaches first (a big archive, many or big originals, a big
 * attachment). Exceeding any limit names it in the message, with the --limit that raises it.
 */
const HEADLINE_LIMITS: readonly (keyof Limits)[] = ["maxEvidenceBytes", "maxOriginals", "maxOriginalBytes", "maxDecodedStreamBytes", "maxTotalDecodedBytes"];
/** A command with at most this many limits lists them all with their defaults in plain --help. */
const LIMITS_LISTED_IN_FULL = 10;

/** What a limit bounds, in one word, for plain --help's "and N more on …" line. */
function limitFamily(n: keyof Limits): string {
  if (/Xml/.test(n)) return "XML";
  if (/Json|Jwt|Jwks|NumberedClaims/.test(n)) return "JSON";
  if (/Asn1|Oid|Der|ValidationData/.test(n)) return "ASN.1";
  return "PDF";
}

/** "a, b and c". */
function listWords(words: readonly string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** Items a few to a line, each line indented by two, within HELP_WIDTH. */
function packItems(items: readonly string[]): string[] {
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    if (line && 2 + line.length + 3 + item.length > HELP_WIDTH) {
      lines.push(`  ${line}`);
      line = item;
    } else line = line ? `${line}   ${item}` : item;
  }
  if (line) lines.push(`  ${line}`);
  return lines;
}

/**
 * The help's limits section for a command: the limits that apply to it, each with its default, a few to a
 * line; a command with many (every archive command reads PDF, ASN.1, JSON and XML: 27) lists those an honest
 * input reaches first and counts the others by what they bound. --help-all (and the man page) lists each with
 * what it bounds.
 */
export function limitHelp(group: LimitGroup): string {
  const names = COMMAND_LIMITS[group];
  if (HELP_ALL)
    return `Limits (--limit <name>=<value>, K/M/G allowed; defaults):\n${names
      .map((n) => `  ${n.padEnd(28)} ${limitValue(DEFAULT_LIMITS[n]).padStart(6)}\n${wrapHelp(LIMIT_DESCRIPTIONS[n], "      ")}`)
      .join("\n")}`;
  const listed = names.length <= LIMITS_LISTED_IN_FULL ? names : HEADLINE_LIMITS.filter((n) => names.includes(n));
  const others = names.filter((n) => !listed.includes(n));
  const lines = packItems(listed.map((n) => `${n} ${limitValue(DEFAULT_LIMITS[n])}`));
  if (others.length) {
    const families = [...new Set(others.map(limitFamily))];
    lines.push(`  and ${others.length} more on ${listWords(families)} parsing: --help-all lists each`);
  }
  return `Limits (--limit <name>=<value>, K/M/G allowed; defaults${others.length ? "" : "; --help-all says each"}):\n${lines.join("\n")}`;
}

/** The width of every help text (commander's own columns and the texts after them). */
export const HELP_WIDTH = 80;
/** The flags' column in help: a longer flag takes a line of its own, its description under it. */
const TERM_WIDTH = 24;

/** A description's first clause, when the whole would take more than one help line (never inside brackets). */
function firstClause(text: string): string {
  if (text.length <= HELP_WIDTH - TERM_WIDTH - 4) return text;
  for (const m of text.matchAll(/ \(|; |: |, which |, so /g)) {
    const head = text.slice(0, m.index);
    const open = (head.match(/\(/g) ?? []).length - (head.match(/\)/g) ?? []).length;
    if (head.length >= 24 && open === 0) return head;
  }
  return text;
}

/**
 * commander's help, one layout for every command: 80 columns, a narrow flag column so that most descriptions
 * take one line, and no "(default: [])" for lists and records that are empty by default.
 */
export const HELP_CONFIG: HelpConfiguration = {
  helpWidth: HELP_WIDTH,
  minWidthToWrap: 24,
  padWidth: () => TERM_WIDTH,
  optionDescription(option) {
    // Plain --help gives each option's first clause (the rest is --help-all's and the man page's), and
    // leaves out the "(choices: …)" when that clause names each choice already.
    const full = option.description;
    const choices = option.argChoices;
    if (!HELP_ALL) {
      option.description = firstClause(full);
      if (choices?.every((c) => new RegExp(`(^|[^\\w-])${c}($|[^\\w-])`).test(option.description))) option.argChoices = undefined;
    }
    try {
      return Help.prototype.optionDescription.call(this, option).replace(/ \(default: (\[\]|\{\})\)$/, "");
    } finally {
      option.description = full;
      option.argChoices = choices;
    }
  },
  formatItem(term, termWidth, description, helper) {
    const item = (t: string) => Help.prototype.formatItem.call(this, t, termWidth, description, helper);
    return description && helper.displayWidth(term) > termWidth ? `  ${term}\n${item("")}` : item(term);
  },
};

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

/** A repeatable option collected into a list, whose default is said in words (not as "[]"; "none" is not said). */
export function listOption(flags: string, description: string, defaultText: string): Option {
  const o = new Option(flags, description).argParser(collect).default([]);
  if (defaultText !== "none") o.default([], defaultText);
  return o;
}

/** The commander option for --limit, to add to a command with `.addOption(limitOption())`; its help lists them. */
export function limitOption(): Option {
  return new Option("--limit <name=value>", "raise or lower a limit below (repeatable)").argParser(parseLimit).default({});
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
    option: () => listOption("--trust <path>", "trust anchors: PEM/DER file, bundle or folder (repeatable)", "none"),
    set: (p, v) => void (p.trust = strings(v)),
  },
  {
    option: () => listOption("--certs <path>", "extra untrusted certificates for path building (repeatable)", "none"),
    set: (p, v) => void (p.certs = strings(v)),
  },
  {
    option: () => new Option("--at <time>", "validation time, RFC 3339 (default: now; sealed evidence is judged when its timestamps prove)"),
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
    option: () =>
      secondary(
        listOption(
          "--tl-min-sequence <territory=n>",
          "the lowest sequence number accepted for a territory's trusted list, as last published (DK=71): an older list vouches for nothing, and a missing newer one is an error (repeatable)",
          "none",
        ),
      ),
    set: () => {},
  },
  {
    option: () => new Option("--show-personal-data", "show names, CPR numbers, IP addresses, ages"),
    set: (p, v) => void (p.showPersonalData = Boolean(v)),
  },
  { option: limitOption, set: (p, v) => void (p.limits = v as Record<string, number>) },
];

/**
 * `--help-all` (cli/program.ts turns it into --help): every option and every limit with what it bounds, the
 * longer explanations too; the man page is made of it. Plain --help fits a screen: the common options, the
 * others named in one paragraph, the limits in a few lines.
 */
export const HELP_ALL = process.argv.includes("--help-all");

/** Help text shown only with --help-all (and in the man page). */
export function helpAllOnly(text: string): string {
  return HELP_ALL ? text : "";
}

/**
 * The policy flags a command's plain --help lists in full (the others are named in one paragraph): verify's,
 * and those of the commands that verify many archives (verify-batch, augment, queue add, worker).
 */
export const SHOWN_POLICY_FLAGS = {
  verify: ["--trust", "--at", "--show-personal-data"],
  many: ["--trust", "--at"],
} as const satisfies Record<string, readonly string[]>;

/**
 * The policy's flags, for every command that verifies archives (or enqueues them for verifying). In --help,
 * only those in `shown` are listed in full; the others are named by moreOptionsHelp (--help-all lists all).
 */
export function policyFlags(shown: readonly string[] = []): Option[] {
  return POLICY_FLAGS.map((f) => {
    const o = f.option();
    return shown.includes(o.long!) ? o : secondary(o);
  });
}

/** An option plain --help only names (in moreOptionsHelp's paragraph); --help-all describes it. */
export function secondary(o: Option): Option {
  return HELP_ALL ? o : o.hideHelp();
}

/**
 * The paragraph that names the options a command's plain --help does not list in full (its secondary ones
 * and the policy flags not shown), after every option is added; `omit` those named elsewhere. --limit is
 * never named here: the Limits section's heading gives its syntax.
 */
export function moreOptionsHelp(cmd: Command, heading: string, omit: readonly string[] = []): string {
  if (HELP_ALL) return "";
  const flags = cmd.options.filter((o) => o.hidden && o.long && o.long !== "--limit" && !omit.includes(o.long)).map((o) => o.long!);
  return flags.length ? `${heading} (--help-all says each):\n${wrapHelp(flags.join(" "), "  ")}\n\n` : "";
}

/** The anchors of --trusted-list (each list verified first), or nothing when no list was given. */
async function trustedListsFrom(opts: Record<string, unknown>): Promise<Pick<Policy, "trustedLists">> {
  const lists = strings(opts.trustedList);
  const lotls = strings(opts.lotl);
  const signers = strings(opts.tlSigner);
  const floors = strings(opts.tlMinSequence);
  if (!lists.length) {
    if (lotls.length || signers.length || floors.length)
      throw new SealcheckError("ERR_USAGE", "--lotl, --tl-signer and --tl-min-sequence are for --trusted-list, which was not given");
    return {};
  }
  const { loadTrustedListAnchors, readCertificateFileSources } = await import("../src/api/trust-list.js");
  return {
    trustedLists: await loadTrustedListAnchors({
      lists,
      lotls,
      signers: readCertificateFileSources(signers, "--tl-signer"),
      ...(floors.length ? { minimumSequence: minimumSequenceOf(floors) } : {}),
      ...(opts.limit ? { limits: opts.limit as Record<string, number> } : {}),
    }),
  };
}

/** --tl-min-sequence DK=71 (repeatable): territory → lowest sequence number; one value per territory. */
function minimumSequenceOf(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) {
    const m = /^([A-Z]{2})=(\d{1,15})$/.exec(v);
    if (!m) throw new SealcheckError("ERR_USAGE", `--tl-min-sequence: expected TERRITORY=NUMBER (DK=71), got ${JSON.stringify(v.slice(0, 40))}`);
    if (m[1]! in out) throw new SealcheckError("ERR_USAGE", `--tl-min-sequence: ${m[1]} given twice`);
    out[m[1]!] = Number(m[2]);
  }
  return out;
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

/** --expiring-before: an instant as --at takes it; its errors name this option. */
export function parseExpiry(parse: (v: string) => Date, value: string): Date {
  try {
    return parse(value);
  } catch (e) {
    if (e instanceof Error) e.message = e.message.replace(/^at:/, "--expiring-before:");
    throw e;
  }
}

/**
 * `--json` with a `--format` given on the command line: both choose what stdout gets. Refused in sealcheck's
 * words, as verify's output conflicts are (commander's .conflicts() would say it in its own, without "sealcheck:").
 */
export function jsonFormatConflict(opts: Record<string, unknown>, cmd: { getOptionValueSource(key: string): string | undefined }): string | null {
  if (!opts.json || cmd.getOptionValueSource("format") !== "cli") return null;
  return `--json and --format conflict: each chooses what stdout gets (--json is --format json); give one`;
}

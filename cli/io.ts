// Process-level concerns of the CLI: exit codes, stderr messages without stack traces, colour.
import { SealcheckError, errorMessage } from "../src/api/common.js";
import { safeForTerminal, safeText } from "../src/api/common.js";

/** Exit code 3: no verdict (bad usage, unreadable or missing input). */
export const EXIT_NO_VERDICT = 3;

/**
 * One line on stderr (a usage error or a notice), through the sanitiser: messages quote file names and input,
 * which are untrusted.
 */
export function printStderrLine(message: string): void {
  process.stderr.write(`sealcheck: ${safeText(message)}\n`);
}

/** The flag of each library option that errors name (SealcheckError.option): the CLI speaks in flags. */
const FLAG_OF: Readonly<Record<string, string>> = {
  at: "--at",
  redis: "--redis",
  queue: "--queue",
  prefix: "--prefix",
  from: "--from",
  maxStalledCount: "--max-stalled",
  timeoutMs: "--timeout",
  tokenSignerOrganizations: "--token-signer",
  cryptoPolicy: "--policy",
  outDir: "--out-dir",
  journal: "--journal",
  overwrite: "--force",
  sealSigners: "--seal-signer",
  issuer: "--issuer",
  crossCheckToken: "--token",
  trust: "--trust",
  certs: "--certs",
  "trustFor.seal": "--trust-seal",
  "trustFor.token": "--trust-token",
  "trustFor.tsa": "--trust-tsa",
  // The queue's (queue add, worker): each a flag of its own where the CLI has one.
  groupSize: "--group-size",
  concurrency: "--concurrency",
  lockDurationMs: "--lock-duration",
  stalledIntervalMs: "--stalled-interval",
  reports: "--reports",
  healthFile: "--health-file",
  healthIntervalMs: "--health-interval",
  resultKey: "--result-key",
  "augment.outDir": "--augment-out-dir",
  "augment.expiringBefore": "--expiring-before",
};

/**
 * Library words inside a message (not at its start) and the command line's words for them: how to raise a
 * limit, the overwrite option, augment's ocsp and crl options, an option named as the role of a file ("cert.pem (sealSigners): ...").
 */
function phrasesInFlags(message: string): string {
  return message
    .replace(/\braise it with limits\.(max[A-Za-z0-9]+)\b/g, "raise it with --limit $1=<n>")
    .replace(/\bthe overwrite option replaces it\b/g, "--force replaces it")
    .replace(
      /were they meant as trust anchors\? If you obtained them yourself \((.+?)\), give them as trust anchors \(trust\): (.+)\.$/,
      "did you leave out the word --trust before them? If you obtained them yourself ($1), give them as --trust $2.",
    )
    .replace(/\bcrossCheckToken\b/g, "--token")
    .replace(/\bgiven as trust anchors \(trust, or for one role trustFor\)/g, "given after --trust (or --trust-token, --trust-seal, --trust-tsa)")
    .replace(/\bgiven with the (ocsp|crl) option\b/g, "given with --$1")
    .replace(/ \(([\w.]+)\): /g, (whole: string, option: string) => (FLAG_OF[option] ? ` (${FLAG_OF[option]}): ` : whole));
}

/**
 * A batch result line (verify-batch, augment <dir>) with its error in the command line's words, as a thrown
 * error's: the library writes "raise it with limits.maxOriginalBytes", the command line "--limit maxOriginalBytes=<n>".
 */
export function lineInFlags<T extends { error: string | null }>(r: T): T {
  return r.error === null ? r : { ...r, error: phrasesInFlags(r.error) };
}

/** A library error's message with its option named as the command line's flag ("at: ..." → "--at: ..."). */
export function inFlags(e: SealcheckError): string {
  const flag = e.option === undefined ? undefined : FLAG_OF[e.option];
  if (!flag || !e.message.startsWith(`${e.option}: `)) return phrasesInFlags(e.message);
  const rest = phrasesInFlags(e.message.slice(e.option!.length + 2));
  // The receipt's read: "a cursor cannot be given with a receipt" is, on the command line, --from with --receipt.
  return `${flag}: ${e.option === "from" ? rest.replace("a cursor cannot be given with a receipt", "--from cannot be given with --receipt") : rest}`;
}

/**
 * Runs a command body; any error becomes one line on stderr and exit 3. SealcheckError messages already
 * name the file and the problem. Anything else is a bug in sealcheck, reported as such, still without a
 * stack trace unless SEALCHECK_DEBUG is set.
 */
export async function runGuarded(body: () => Promise<number | void>): Promise<void> {
  try {
    const code = await body();
    if (typeof code === "number") process.exitCode = code;
  } catch (e) {
    if (e instanceof SealcheckError) {
      printStderrLine(inFlags(e));
    } else {
      printStderrLine(`internal error: ${errorMessage(e)} (please report this; set SEALCHECK_DEBUG=1 for details)`);
    }
    if (process.env.SEALCHECK_DEBUG && e instanceof Error) process.stderr.write(`${safeForTerminal(e.stack ?? "")}\n`);
    process.exitCode = EXIT_NO_VERDICT;
  }
}

/** Colour only on a TTY, and never when NO_COLOR is set (https://no-color.org). */
export function useColour(stream: NodeJS.WriteStream = process.stdout): boolean {
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== "") return false;
  if (process.env.FORCE_COLOR === "1") return true;
  return Boolean(stream.isTTY);
}

/**
 * Writes to stdout, through the sanitiser's boundary (only line feeds, tabs and sealcheck's own colour
 * codes when colour is on survive), and waits for it to drain, so that exit codes never cut output short
 * when piped. JSON output passes unchanged: renderJson leaves nothing the boundary would replace.
 */
export function writeOut(text: string, opts: { crlf?: boolean } = {}): Promise<void> {
  const safe = safeForTerminal(text, { colour: useColour(), ...opts });
  return new Promise((resolve) => {
    if (process.stdout.write(safe)) resolve();
    else process.stdout.once("drain", () => resolve());
  });
}

// No hidden module state in src/: what a verification depends on is passed to it (the evidence as an
// EvidenceSource, settings as arguments, caches in the session), never left in a module for the next caller.
// Held here by reading the sources: no module-level `let` or `var`; no collection constructed empty at module
// level (filled later, so state) but the memo tables listed below, each with the reason it is there; exported
// object literals are `as const`, frozen or of a read-only type. Allow-lists: a new entry is a decision.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? sources(p) : /\.ts$/.test(name) && !/\.d\.ts$/.test(name) ? [p] : [];
    })
    .sort();
}

/**
 * What stays module-level, and why it is not hidden state (ARCHITECTURE.md, "Where state lives"). Hidden state,
 * as issue 35 meant it, is state whose contents can change an answer (zeros where a block was not read, a
 * mutable setting, part of a result left in a `let`). The two tables below cannot: each is keyed by a decoded
 * certificate (an object nothing changes once decoded: pooled certificates stand for their exact bytes), holds
 * only what that object alone determines, lives and goes with the object (a WeakMap), and answers every caller
 * alike whether it was filled before or not. Caches that do depend on what was decoded before (pools by DER,
 * checked signatures, imported keys, responder ids) are the session's (PkiCaches); a trust store's indexes are
 * built with the store the session holds (indexTrustStore). A certificate record of our own would carry these
 * two as fields; decoding every certificate of a CMS, OCSP response and DSS through one such decoder is a
 * change of src/pki for its own step.
 */
const MEMO_TABLES: Record<string, string> = {
  "src/pki/certificate.ts derCache":
    "a certificate's own bytes, as decoded (pkijs objects have no field for them): provenance, not a memo; clearing it would change thumbprints of certificates not encoded in DER, so it must live exactly as long as the object",
  "src/pki/certificate.ts summaries": "a certificate's summary for reports, a pure function of its bytes (callers get a copy)",
  "src/pki/reader-proof.ts paths": "paths judged per candidate within one check, keyed weakly by that check's own ProofContext: gone with it",
  "src/pki/reader-proof.ts spent": "signature checks spent for proofs in one run, keyed weakly by the run's RunWork: gone with it",
};

/** Exported object literals whose declared type makes every field read-only. */
const READONLY_TYPES = [/^Readonly</, /^PartsStrategy</];

describe("no hidden module state in src/", () => {
  const files = sources("src");

  it("no module-level let or var", () => {
    const found = files.flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .flatMap((line, i) => (/^(export )?(let|var)\s/.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("collections made empty at module level: only the memo tables listed", () => {
    const found: string[] = [];
    for (const f of files) {
      for (const line of readFileSync(f, "utf8").split("\n")) {
        const m = /^(?:export )?const (\w+)(?::\s*([^=]+?))?\s*=\s*new (WeakMap|WeakSet|Map|Set)\b(?:<.*>)?\(\)/.exec(line);
        if (m && !/^Readonly(Map|Set)</.test(m[2] ?? "")) found.push(`${f} ${m[1]}`);
      }
    }
    expect(found.sort()).toEqual(Object.keys(MEMO_TABLES).sort());
  });

  it("exported object literals are as const, frozen or of a read-only type", () => {
    const found: string[] = [];
    for (const f of files) {
      const lines = readFileSync(f, "utf8").split("\n");
      lines.forEach((line, i) => {
        const m = /^export const (\w+)(?::\s*([^=]+?))?\s*=\s*\{(.*)$/.exec(line);
        if (!m) return;
        if (READONLY_TYPES.some((t) => t.test(m[2] ?? ""))) return;
        // On one line (`{ a: 1 }` and its end), or to the first line that starts with `}`.
        const end = /\};?\s*$|\} as const;\s*$/.test(m[3] ?? "") ? line : (lines.find((l, j) => j > i && /^\}/.test(l)) ?? "");
        if (!/\} as const;\s*$/.test(end)) found.push(`${f}:${i + 1}: ${m[1]}`);
      });
    }
    expect(found).toEqual([]);
  });
});

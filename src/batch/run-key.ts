// What a batch's verdicts depend on besides the archives: the normalised policy and the contents of the trust anchors
// (a folder given to --trust may have gained the right anchor since, under the same path), and the version.
// `--resume` continues a results file only when this key is the one its lines were written with: a verdict
// reached under other anchors, another --at or policy is an answer to another question.
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { kindAt, listDirectory, readRegularFile } from "../input/files.js";
import { VERSION } from "../version.js";
import { normalisePolicy, pickPolicy, type Policy } from "../policy.js";

/** Larger than any certificate file the trust store reads (it refuses them): digested no further. */
const TRUST_FILE_DIGEST_MAX = 64 * 1024 * 1024;

/** SHA-256 of each file a --trust/--certs path names (a directory: its visible files), sorted. */
function contentDigests(paths: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const p of paths ?? []) {
    let files: string[];
    try {
      files = kindAt(p).kind === "dir" ? listDirectory(p).map((e) => e.path) : [p];
    } catch {
      files = [p]; // unreadable: the batch itself reports it; the path stands in for the content
    }
    for (const f of files) {
      try {
        // As the trust store reads them: regular files only, opened without blocking, within its size limit.
        if (kindAt(f).kind === "file") out.push(createHash("sha256").update(readRegularFile(f, TRUST_FILE_DIGEST_MAX)).digest("hex"));
      } catch {
        out.push(`unreadable:${resolve(f)}`);
      }
    }
  }
  return [...new Set(out)].sort();
}

/**
 * Everything that shaped the verdicts of one batch run, in a stable order: the normalised policy (defaults
 * filled, empties dropped, so that the CLI, which passes every default, and a library caller, who passes none,
 * agree), its anchors by content, and the discovery option.
 */
export function runOptions(options: Policy & { allowMissingOriginals?: boolean; kind?: "augment" }): Record<string, unknown> {
  const { trust, certs, trustFor, trustedLists, cryptoPolicy, ...rest } = normalisePolicy(pickPolicy(options));
  const described: Record<string, unknown> = { sealcheck: VERSION, trustAnchors: contentDigests(trust), certs: contentDigests(certs) };
  // The crypto policy by its content, as the anchors: the same file edited is another question.
  if (cryptoPolicy !== undefined) described.cryptoPolicy = contentDigests([cryptoPolicy]);
  // Role anchors by content too, like --trust.
  if (trustFor) described.roleAnchors = Object.fromEntries(Object.entries(trustFor).map(([role, paths]) => [role, contentDigests(paths)]));
  // Trusted lists by content: what they vouch for follows from the verified list.
  if (trustedLists) described.trustedLists = trustedLists.lists.map((l) => l.sha256).sort();
  for (const k of Object.keys(rest).sort()) {
    const v = (rest as Record<string, unknown>)[k];
    described[k] = v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v;
  }
  if (options.allowMissingOriginals) described.allowMissingOriginals = true;
  // Augmenting (the queue's augment jobs) is another task than verifying under the same policy.
  if (options.kind === "augment") described.kind = "augment";
  return described;
}

/** The key written into each results line (`run`): the SHA-256 of runOptions, shortened. */
export function runKey(options: Policy & { allowMissingOriginals?: boolean; kind?: "augment" }): string {
  return createHash("sha256")
    .update(JSON.stringify(runOptions(options)))
    .digest("hex")
    .slice(0, 16);
}

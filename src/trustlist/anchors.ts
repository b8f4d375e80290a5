// Trust anchors from trusted lists (ETSI TS 119 612): each list is verified as verify-tl verifies it (signer
// pinned or announced by a verified LOTL chain), and only a list that passed gives anchors. A service's
// certificate becomes an anchor for the roles its type allows, during the periods its status history says it
// was in a status that vouches, and never beyond what the list can speak for (its NextUpdate).
import { createHash, X509Certificate } from "node:crypto";
import { statSync } from "node:fs";
import { listDirectory, readRegularFile, undecodableName } from "../input/files.js";
import { SealcheckError, errorMessage } from "../errors.js";
import { resolveLimits, type Limits } from "../limits.js";
import type { ListWindow, TrustRole, TrustedListAnchors } from "../pki/trust-store.js";
import type { RawService } from "./model.js";
import { verifyList, type ChainMemo } from "./verify.js";

const SVC = "http://uri.etsi.org/TrstSvc/Svctype/";
const STATUS = "http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/";

/**
 * Which roles a service type vouches for. Certificate authorities for the seal (qualified only) and the
 * Workflow-token certificate (any supervised CA); time-stamping services for timestamps. Everything else
 * (OCSP, CRL, remote signing, ...) is not an anchor.
 */
const LIST_SERVICE_ROLES: Readonly<Record<string, readonly TrustRole[]>> = {
  [`${SVC}CA/QC`]: ["seal", "token"],
  [`${SVC}NationalRootCA-QC`]: ["seal", "token"],
  [`${SVC}CA/PKC`]: ["token"],
  [`${SVC}TSA/QTST`]: ["tsa"],
  [`${SVC}TSA/TSS-QC`]: ["tsa"],
  [`${SVC}TSA/TSS-AdESQCandQES`]: ["tsa"],
  [`${SVC}TSA`]: ["tsa"],
};

/** Statuses in which a listed service vouches (TS 119 612 v2, and v1's before eIDAS). */
const VOUCHING_STATUSES: ReadonlySet<string> = new Set([
  `${STATUS}granted`,
  `${STATUS}recognisedatnationallevel`,
  `${STATUS}undersupervision`,
  `${STATUS}supervisionincessation`,
  `${STATUS}accredited`,
  `${STATUS}setbynationallaw`,
  "http://uri.etsi.org/TrstSvc/eSigDir-1999-93-EC-TrustedList/Svcstatus/undersupervision",
]);

/** A list: its path, or its bytes with a name for messages. */
export type TrustedListInput = string | { bytes: Uint8Array; file: string };

export interface TrustedListAnchorOptions {
  /** National trusted lists (files or directories of *.xml, or bytes with a name). */
  lists: readonly TrustedListInput[];
  /** Lists of lists whose newest verified one announces the national lists' signers (files or directories, as `lists`). */
  lotls?: readonly TrustedListInput[];
  /** Pinned signer certificates (DER or PEM bytes; readCertificateFiles reads them): the LOTL's, or a list's own. */
  signers?: readonly Uint8Array[];
  limits?: Partial<Limits>;
}

/** The lists of the inputs: files, and the *.xml files of a directory (not recursive, hidden files skipped). */
function readAll(inputs: readonly TrustedListInput[], maxBytes: number): { bytes: Uint8Array; file: string }[] {
  return inputs.flatMap((input) => {
    if (typeof input !== "string") return [input];
    let isDir = false;
    try {
      isDir = statSync(input).isDirectory();
    } catch {
      // read() names the problem
    }
    if (!isDir) return [read(input, maxBytes)];
    // Names read as bytes: one that is not UTF-8 is refused, naming it, never decoded into another file's name.
    const files = listDirectory(input)
      .filter((e) => /\.xml$/i.test(e.shown))
      .map((e) => {
        if (e.name === null) throw undecodableName(e);
        return e.path;
      });
    if (!files.length) throw new SealcheckError("ERR_TRUST_STORE", `${input}: no trusted list (*.xml) in this directory`, { file: input });
    return files.map((f) => read(f, maxBytes));
  });
}

function readable(der: Uint8Array): boolean {
  try {
    new X509Certificate(der);
    return true;
  } catch {
    return false;
  }
}

/**
 * One list file: a regular file only (a FIFO or a link to /dev/zero is refused before any read), opened without
 * blocking, read no further than its size and maxXmlBytes (src/input/files.ts).
 */
function read(input: string, maxBytes: number): { bytes: Uint8Array; file: string } {
  try {
    return { bytes: readRegularFile(input, maxBytes, { what: "a trusted list", limit: "maxXmlBytes" }), file: input };
  } catch (e) {
    if (e instanceof SealcheckError && e.message === `${input}: no such file`)
      throw new SealcheckError("ERR_FILE_NOT_FOUND", `${input}: no such trusted list`, { file: input });
    const why = e instanceof SealcheckError ? e.message.replace(`${input}: `, "") : errorMessage(e);
    throw new SealcheckError(e instanceof SealcheckError ? e.code : "ERR_FILE_UNREADABLE", `${input}: cannot read the trusted list (${why})`, {
      file: input,
      cause: e,
    });
  }
}

/** The periods in which a service vouched for each role, from its status history, cut at `until`. */
function serviceWindows(s: Pick<RawService, "status" | "statusStartingTime" | "type" | "history">, until: Date): ListWindow[] {
  const entries = [{ status: s.status, statusStartingTime: s.statusStartingTime, type: s.type }, ...s.history]
    .map((e) => ({ ...e, t: Date.parse(e.statusStartingTime) }))
    .filter((e) => !Number.isNaN(e.t))
    .sort((a, b) => a.t - b.t);
  const out: ListWindow[] = [];
  entries.forEach((e, i) => {
    const next = entries[i + 1];
    const end = Math.min(next ? next.t : Number.POSITIVE_INFINITY, until.getTime());
    if (e.t >= end || !VOUCHING_STATUSES.has(e.status)) return;
    for (const role of LIST_SERVICE_ROLES[e.type] ?? [])
      out.push({ role, from: new Date(e.t).toISOString(), to: new Date(end).toISOString(), status: e.status, type: e.type });
  });
  return out;
}

/**
 * Verifies each trusted list (with the LOTLs and pinned signers given) and returns its services' certificates as
 * anchors by role and period. A list that does not pass, or is a list of lists, is an ERR_TRUST_STORE naming it:
 * trust is never taken from a list that could not be verified.
 */
export async function loadTrustedListAnchors(o: TrustedListAnchorOptions): Promise<TrustedListAnchors> {
  const limits = resolveLimits(o.limits);
  if (!o.lists?.length) throw new SealcheckError("ERR_USAGE", "loadTrustedListAnchors needs at least one trusted list");
  const lotls = readAll(o.lotls ?? [], limits.maxXmlBytes);
  const out: TrustedListAnchors = { lists: [], anchors: [] };
  // Every list is judged against the same LOTLs and signers: their chain is verified once.
  const shared: ChainMemo = {};
  for (const list of readAll(o.lists, limits.maxXmlBytes)) {
    const { report, providers } = await verifyList(list, { signers: o.signers ?? [], lotls, limits: o.limits ?? {} }, { shared, summaries: false });
    if (report.indication !== "TOTAL-PASSED") {
      const decided = report.checks.find((c) => c.id === report.decidedBy[0]);
      throw new SealcheckError(
        "ERR_TRUST_STORE",
        `${list.file}: the trusted list did not verify (${report.indication}${report.subIndication ? `/${report.subIndication}` : ""}): ${decided?.message ?? "see sealcheck verify-tl"}`,
        { file: list.file },
      );
    }
    const info = report.list!;
    if (info.kind === "list-of-lists")
      throw new SealcheckError("ERR_TRUST_STORE", `${list.file}: is a list of lists, which names no services; give it with --lotl`, { file: list.file });
    // A list speaks for its statuses until its next update (a closed list, without one, failed tl-freshness).
    const speaksUntil = info.nextUpdate;
    const until = new Date(speaksUntil ?? 0);
    let anchors = 0;
    let unreadable = 0;
    for (const p of providers)
      for (const s of p.services) {
        const windows = serviceWindows(s, until);
        if (!windows.length) continue;
        for (const der of s.certificates) {
          // A signed list may still carry a certificate no reader can parse (the operator's slip): that service
          // vouches for nothing, and the list's other services stay usable.
          if (!readable(der)) {
            unreadable++;
            continue;
          }
          out.anchors.push({
            der,
            windows,
            source: { list: list.file, territory: info.territory, sequenceNumber: info.sequenceNumber, provider: p.name, service: s.name },
          });
          anchors++;
        }
      }
    out.lists.push({
      file: list.file,
      sha256: createHash("sha256").update(list.bytes).digest("hex"),
      territory: info.territory,
      sequenceNumber: info.sequenceNumber,
      issued: info.issued,
      speaksUntil,
      signerTrustedBy: report.signerTrustedBy,
      anchors,
      unreadableCertificates: unreadable,
    });
  }
  return out;
}

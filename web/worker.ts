// The page's verification worker: reads the files the user gave (File objects, in slices so that progress
// shows; the evidence through a source over its File, web/file-source.ts, never whole), then runs the library's verifyArchive — the CLI's code, with the browser's platform seam — and
// renders the report as the CLI renders it (JSON, the statement's HTML, the summary). Runs off the page's
// thread, so that a 100 MB archive never freezes the page.
// The page is a host of the library, as the CLI is: it uses the library's surface by area (src/api, the
// modules the CLI uses, not src/index.ts, which would bundle the batch runner and the queue) and, for what a
// host without a file system needs (certificates and key sets given as bytes), the modules that read them.
import { verifyArchive, renderArchiveHtml, renderArchiveSummary } from "../src/api/archive.js";
import { renderJson, errorMessage, parseValidationTime, SealcheckError } from "../src/api/common.js";
import { verifyIdToken, renderIdTokenReport, idTokenReportForOutput } from "../src/api/id-token.js";
import { loadTrustedListAnchors } from "../src/api/trust-list.js";
import { certificateDersFromBytes, trustStoreFromBytes, type TrustedListAnchors } from "../src/pki/trust-store.js";
import { loadKeysBytes } from "../src/idtoken/key-source.js";
import { FILE_READING, fileSource } from "./file-source.js";
import type { IdTokenRequest, NamedBytes, VerifyRequest, WorkerMessage } from "./protocol.js";

const scope = globalThis as unknown as { postMessage(m: WorkerMessage): void; onmessage: ((e: { data: VerifyRequest | IdTokenRequest }) => void) | null };
const post = (m: WorkerMessage) => scope.postMessage(m);

const SLICE = 8 * 1024 * 1024;

async function readAll(files: readonly File[]): Promise<NamedBytes[]> {
  const total = files.reduce((n, f) => n + f.size, 0);
  let done = 0;
  const out: NamedBytes[] = [];
  for (const f of files) {
    const bytes = new Uint8Array(f.size);
    for (let at = 0; at < f.size; at += SLICE) {
      let chunk: ArrayBuffer;
      try {
        chunk = await f.slice(at, Math.min(at + SLICE, f.size)).arrayBuffer();
      } catch (e) {
        throw new SealcheckError("ERR_FILE_UNREADABLE", `${f.name}: cannot read (${errorMessage(e)})`, { file: f.name });
      }
      bytes.set(new Uint8Array(chunk), at);
      done += chunk.byteLength;
      post({ type: "progress", phase: "reading", file: f.name, done, total });
    }
    out.push({ name: f.name, bytes });
  }
  return out;
}

/** The evidence as a source over its File: hashed once here, its blocks read when the checks use them. */
async function evidenceSource(r: VerifyRequest) {
  const f = r.evidence;
  let posted = 0;
  const progress = (done: number) => {
    if (done - posted < SLICE && done < f.size) return;
    posted = done;
    post({ type: "progress", phase: "reading", file: f.name, done, total: f.size });
  };
  return fileSource(f, progress, r.reading ?? FILE_READING);
}

async function verify(r: VerifyRequest): Promise<WorkerMessage> {
  const source = await evidenceSource(r);
  const originals = await readAll(r.originals);
  const trustFiles = [...r.bundled, ...(await readAll(r.trust))];
  const [lists, lotls, listSigners] = [await readAll(r.lists), await readAll(r.lotls), await readAll(r.listSigners)];
  post({ type: "progress", phase: "verifying", done: 0, total: 1 });
  const started = performance.now();
  const trustStore = trustStoreFromBytes(trustFiles, undefined, await trustedLists(lists, lotls, listSigners));
  const report = await verifyArchive({
    evidence: { name: r.evidence.name, source },
    originals,
    trustStore,
    showPersonalData: r.showPersonalData,
    ...(r.at.trim() ? { at: r.at.trim() } : {}),
  });
  const ms = performance.now() - started;
  return {
    type: "result",
    json: renderJson(report),
    indication: report.indication,
    subIndication: report.subIndication,
    summary: renderArchiveSummary(report, { colour: false }),
    html: renderArchiveHtml(report),
    ms,
    evidenceRead: { size: source.length, held: source.bytesRead() },
  };
}

/** The anchors of trusted lists, each verified first, as the CLI's --trusted-list, --lotl and --tl-signer give them. */
async function trustedLists(lists: NamedBytes[], lotls: NamedBytes[], signers: NamedBytes[]): Promise<TrustedListAnchors | undefined> {
  if (!lists.length) {
    if (lotls.length || signers.length)
      throw new SealcheckError("ERR_USAGE", "lists of lists and list signers are for trusted lists, and no trusted list was given");
    return undefined;
  }
  const named = (files: NamedBytes[]) => files.map((f) => ({ bytes: f.bytes, file: f.name }));
  // Each pinned signer with the name of the file the user picked, as --tl-signer names its file in the report.
  const pinned = signers.flatMap((f) => certificateDersFromBytes([f], "a list signer").map((der) => ({ der, file: f.name })));
  return loadTrustedListAnchors({ lists: named(lists), lotls: named(lotls), signers: pinned });
}

/** As `sealcheck verify-id-token --json`: one presentation, no replay store. */
async function verifyToken(r: IdTokenRequest): Promise<WorkerMessage> {
  const [jwks] = await readAll([r.jwks]);
  post({ type: "progress", phase: "verifying", done: 0, total: 1 });
  const started = performance.now();
  const at = r.at.trim() ? parseValidationTime(r.at.trim()) : undefined;
  const report = await verifyIdToken(r.token.trim(), {
    issuer: r.issuer.trim(),
    audience: r.audience.trim(),
    ...(r.senders.length ? { sender: r.senders } : {}),
    keys: loadKeysBytes(jwks!),
    ...(at ? { at } : {}),
    replayStore: null,
  });
  return {
    type: "result",
    // As --json prints it: personal data among the transferred claims masked unless asked.
    json: renderJson(idTokenReportForOutput(report, r.showPersonalData)),
    indication: report.indication,
    subIndication: report.subIndication,
    summary: renderIdTokenReport(report, { colour: false }, { showPersonalData: r.showPersonalData, width: 100 }),
    html: "",
    ms: performance.now() - started,
  };
}

scope.onmessage = (e) => {
  (e.data.type === "verify-id-token" ? verifyToken(e.data) : verify(e.data)).then(post, (err: unknown) => post({ type: "error", message: errorMessage(err) }));
};

// The page: the files a person picks or drops, a worker that verifies them (web/worker.ts), and the answer:
// the verdict first in plain words, then the CLI's statement, which can be saved as HTML or printed. Nothing
// is sent anywhere: the page's Content-Security-Policy forbids every request, and the files are read by the
// worker from the File objects the browser hands it.
import type { IdTokenRequest, NamedBytes, VerifyRequest, WorkerMessage } from "./protocol.js";

declare const WORKER_SOURCE: string;
/** Anchors chosen at build time: each file's name, where it came from, its certificates' fingerprints, its bytes (base64). */
declare const BUNDLED_ANCHORS: { name: string; origin: string; certificates: { subject: string; sha256: string }[]; base64: string }[];

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const picked: { evidence: File | null; originals: File[]; trust: File[]; lists: File[]; lotls: File[]; listSigners: File[] } = {
  evidence: null,
  originals: [],
  trust: [],
  lists: [],
  lotls: [],
  listSigners: [],
};
/** The file inputs other than the evidence, each with the list of picked files it fills. */
const MANY = { originals: "originals", trust: "trust", lists: "tl-lists", lotls: "tl-lotls", listSigners: "tl-signers" } as const;

const CERT = /\.(pem|crt|cer|der)$/i;

function listFiles(id: string, files: readonly File[]): void {
  const ul = $(id);
  ul.replaceChildren(
    ...files.map((f) => {
      const li = document.createElement("li");
      li.textContent = `${f.name} (${size(f.size)})`;
      return li;
    }),
  );
}

function size(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} kB` : `${n} bytes`;
}

function refresh(): void {
  listFiles("evidence-list", picked.evidence ? [picked.evidence] : []);
  listFiles("originals-list", picked.originals);
  listFiles("trust-list", picked.trust);
  listFiles("tl-lists-list", picked.lists);
  listFiles("tl-lotls-list", picked.lotls);
  listFiles("tl-signers-list", picked.listSigners);
  $<HTMLButtonElement>("verify").disabled = !picked.evidence;
}

/**
 * Dropped files: certificates are trust anchors, XML files trusted lists, the first other file the evidence
 * (if none yet), the rest originals.
 */
function dropped(files: readonly File[]): void {
  for (const f of files) {
    if (CERT.test(f.name)) picked.trust.push(f);
    else if (/\.xml$/i.test(f.name)) picked.lists.push(f);
    else if (!picked.evidence) picked.evidence = f;
    else picked.originals.push(f);
  }
  refresh();
}

function setup(): void {
  $<HTMLInputElement>("evidence").addEventListener("change", (e) => {
    picked.evidence = (e.target as HTMLInputElement).files?.[0] ?? null;
    refresh();
  });
  for (const [key, id] of Object.entries(MANY) as [keyof typeof MANY, string][])
    $<HTMLInputElement>(id).addEventListener("change", (e) => {
      picked[key] = [...((e.target as HTMLInputElement).files ?? [])];
      refresh();
    });
  $("clear").addEventListener("click", () => {
    picked.evidence = null;
    for (const key of Object.keys(MANY) as (keyof typeof MANY)[]) picked[key] = [];
    for (const id of ["evidence", ...Object.values(MANY)]) $<HTMLInputElement>(id).value = "";
    refresh();
  });
  const zone = $("drop");
  zone.addEventListener("dragover", (e) => {
    e.preventDefault();
    zone.classList.add("over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (e) => {
    e.preventDefault();
    zone.classList.remove("over");
    dropped([...(e.dataTransfer?.files ?? [])]);
  });
  // A file dropped anywhere else must not make the browser open it in place of the page.
  window.addEventListener("dragover", (e) => e.preventDefault());
  window.addEventListener("drop", (e) => e.preventDefault());
  $("verify").addEventListener("click", () => void run());
  $("verify-token").addEventListener("click", () => void runToken());
  $<HTMLInputElement>("token-file").addEventListener("change", async (e) => {
    const f = (e.target as HTMLInputElement).files?.[0];
    if (f) $<HTMLTextAreaElement>("token").value = (await f.text()).trim();
  });
  $("save").addEventListener("click", () => save(last?.html ?? "", "text/html", "sealcheck-statement.html"));
  $("save-json").addEventListener("click", () => save(last?.json ?? "", "application/json", "sealcheck-report.json"));
  // The page printed is the statement (its print style, showStatementForPrint): the button and the browser's
  // own Print give the same pages.
  $("print").addEventListener("click", () => window.print());
  showBundled();
  refresh();
}

function showBundled(): void {
  const box = $("bundled");
  if (!BUNDLED_ANCHORS.length) {
    box.hidden = true;
    return;
  }
  const ul = $("bundled-list");
  for (const a of BUNDLED_ANCHORS) {
    for (const c of a.certificates) {
      const li = document.createElement("li");
      const subject = document.createElement("span");
      subject.textContent = c.subject;
      const fp = document.createElement("code");
      fp.textContent = `SHA-256 ${c.sha256.match(/../g)?.join(":")}`;
      const origin = document.createElement("span");
      origin.className = "origin";
      origin.textContent = `from ${a.origin}`;
      li.append(subject, document.createElement("br"), fp, document.createElement("br"), origin);
      ul.append(li);
    }
  }
}

function bundledBytes(): NamedBytes[] {
  if (!BUNDLED_ANCHORS.length || !$<HTMLInputElement>("use-bundled").checked) return [];
  return BUNDLED_ANCHORS.map((a) => ({ name: `${a.name} (bundled)`, bytes: Uint8Array.from(atob(a.base64), (c) => c.charCodeAt(0)) }));
}

function save(content: string, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

let worker: Worker | null = null;
let last: Extract<WorkerMessage, { type: "result" }> | null = null;

function startWorker(): Worker {
  const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "text/javascript" }));
  return new Worker(url);
}

const PLAIN: Record<string, { title: string; tone: string }> = {
  "TOTAL-PASSED": { title: "Valid: the seal and the evidence verify", tone: "passed" },
  "TOTAL-FAILED": { title: "Not valid: the evidence fails verification", tone: "failed" },
  INDETERMINATE: { title: "Undecided: the evidence could not be fully verified", tone: "indeterminate" },
};

function status(text: string): void {
  $("status").textContent = text;
}

function runToken(): void {
  const jwks = $<HTMLInputElement>("jwks").files?.[0];
  const token = $<HTMLTextAreaElement>("token").value;
  if (!token.trim() || !jwks) {
    showError(!token.trim() ? "give the ID token (paste it or choose its file)" : "choose the broker's key set (JWKS) file");
    return;
  }
  const sender = $<HTMLInputElement>("sender").value.trim();
  const request: IdTokenRequest = {
    type: "verify-id-token",
    token,
    jwks,
    issuer: $<HTMLInputElement>("issuer").value,
    audience: $<HTMLInputElement>("audience").value,
    senders: sender ? [sender] : [],
    at: $<HTMLInputElement>("token-at").value,
    showPersonalData: $<HTMLInputElement>("show-personal").checked,
  };
  start(request);
}

async function run(): Promise<void> {
  if (!picked.evidence) return;
  const request: VerifyRequest = {
    type: "verify",
    evidence: picked.evidence,
    originals: picked.originals,
    trust: picked.trust,
    bundled: bundledBytes(),
    lists: picked.lists,
    lotls: picked.lotls,
    listSigners: picked.listSigners,
    showPersonalData: $<HTMLInputElement>("show-personal").checked,
    at: $<HTMLInputElement>("at").value,
  };
  // Tests read the evidence in small blocks, the memory of blocks not read poisoned (web/file-source.ts).
  const reading = (globalThis as { sealcheckReading?: VerifyRequest["reading"] }).sealcheckReading;
  if (reading) request.reading = reading;
  start(request);
}

function start(request: VerifyRequest | IdTokenRequest): void {
  worker?.terminate();
  worker = startWorker();
  last = null;
  $("result").hidden = true;
  showStatementForPrint("");
  const progress = $<HTMLProgressElement>("progress");
  progress.hidden = false;
  progress.removeAttribute("value");
  $<HTMLButtonElement>("verify").disabled = true;
  status("Reading the files…");
  const started = performance.now();
  worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
    const m = e.data;
    if (m.type === "progress") {
      if (m.phase === "reading") {
        progress.max = m.total;
        progress.value = m.done;
        status(`Reading ${m.file ?? "the files"}… ${Math.floor((100 * m.done) / Math.max(1, m.total))}%`);
      } else {
        progress.removeAttribute("value");
        status("Verifying…");
      }
      return;
    }
    progress.hidden = true;
    refresh();
    worker?.terminate();
    worker = null;
    if (m.type === "error") {
      showError(m.message);
      return;
    }
    last = m;
    showResult(m, performance.now() - started);
  };
  worker.onerror = (e) => {
    progress.hidden = true;
    refresh();
    showError(e.message || "the verification stopped unexpectedly");
  };
  worker.postMessage(request);
}

function showError(message: string): void {
  const box = $("error");
  box.hidden = false;
  $("error-text").textContent = message;
  $("result").hidden = true;
  status(`The files could not be verified: ${message}`);
  box.focus();
}

function showResult(m: Extract<WorkerMessage, { type: "result" }>, ms: number): void {
  $("error").hidden = true;
  const plain = PLAIN[m.indication] ?? { title: m.indication, tone: "indeterminate" };
  const verdict = $("verdict");
  verdict.className = `verdict ${plain.tone}`;
  $("verdict-title").textContent = plain.title;
  $("verdict-code").textContent = `${m.indication}${m.subIndication ? ` / ${m.subIndication}` : ""}`;
  $("summary").textContent = m.summary;
  $("report-json").textContent = m.json;
  $("timing").textContent = `Verified in this browser in ${(ms / 1000).toFixed(2)} s; nothing was sent anywhere.`;
  // How much of the evidence the worker held in memory, beside its size (read by tests and the benchmark).
  $("timing").dataset.evidenceBytes = String(m.evidenceRead?.size ?? "");
  $("timing").dataset.evidenceHeld = String(m.evidenceRead?.held ?? "");
  $<HTMLIFrameElement>("statement").srcdoc = m.html;
  showStatementForPrint(m.html);
  // An ID token has no statement of its own: its report is the summary above.
  for (const id of ["statement", "statement-title", "save", "print"]) $(id).hidden = !m.html;
  document.body.dataset.verdict = m.indication;
  $("result").hidden = false;
  status(`Verdict: ${plain.title} (${m.indication})`);
  $("verdict-title").focus();
}

/**
 * What the page prints: the statement as the CLI's HTML report prints, its body and its own style (A4, page 1 the
 * statement itself, the details from page 2) in the page's print media, the page's own content hidden there.
 * An iframe's content is not split across printed pages, so the statement is printed from the page itself. The
 * HTML is the report renderer's (every value escaped; no script), as the iframe shows it.
 */
function showStatementForPrint(html: string): void {
  const box = $("print-statement");
  const style = $("print-statement-style");
  document.body.classList.toggle("has-statement", !!html);
  if (!html) {
    box.replaceChildren();
    style.textContent = "";
    return;
  }
  const doc = new DOMParser().parseFromString(html, "text/html");
  style.textContent = [...doc.querySelectorAll("style")].map((s) => s.textContent ?? "").join("\n");
  const main = doc.querySelector("main");
  box.replaceChildren(...(main ? [...main.childNodes].map((n) => document.importNode(n, true)) : []));
  // The page's ids stay unique (the statement's verdict is #verdict too): the copy, printed only, has none.
  for (const el of box.querySelectorAll("[id]")) el.removeAttribute("id");
}

setup();

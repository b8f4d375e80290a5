// The readers prove the rule (issue 33): every file sealcheck's reader reads without refusal opens in qpdf
// without repair or reconstruction and in poppler (pdfinfo, pdfsig) without a syntax error. Files: every PDF
// under samples/, the broker's example archive, the DSS corpus (../shared/corpus/dss) when present, and the
// accepted forms the syntax tests construct.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FormatError, LimitError } from "../../src/api/internal.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { addRevision, latin1, LIMITS, minimalPdf, text } from "./helpers.js";
import { wholeSource } from "../../src/input/source.js";
import { hasShared } from "../helpers/shared.js";

const has = (cmd: string, arg: string) => spawnSync(cmd, [arg]).status === 0 || spawnSync(cmd, [arg]).error === undefined;
const hasQpdf = has("qpdf", "--version");
const hasPoppler = has("pdfinfo", "-v") && has("pdfsig", "-v");
if (!hasQpdf || !hasPoppler)
  console.warn("test/pdf/readers.test.ts skipped: qpdf and poppler-utils are not both installed (apt-get install -y qpdf poppler-utils)");

const CORPUS = join(__dirname, "../../../shared/corpus/dss");
const hasCorpus = hasShared("corpus/dss", "test/pdf/readers.test.ts, the DSS corpus part");

function pdfsUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...pdfsUnder(p));
    else if (name.endsWith(".pdf")) out.push(p);
  }
  return out;
}

/** True when the reader reads the file (every revision's catalog and every object listed) without refusal. */
function sealcheckReads(bytes: Uint8Array): boolean {
  try {
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    for (let i = 0; i < doc.revisions.length; i++) {
      const v = doc.at(i);
      v.catalog();
      for (const e of doc.revisions[i]!.entries) if (e.type !== "free") v.objectByNumber(e.num);
    }
    return true;
  } catch (e) {
    if (e instanceof FormatError || e instanceof LimitError) return false;
    throw e;
  }
}

function run(cmd: string, args: string[]): Promise<{ status: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args);
    let out = "";
    let err = "";
    p.stdout.on("data", (d: Buffer) => (out += d.toString("latin1")));
    p.stderr.on("data", (d: Buffer) => (err += d.toString("latin1")));
    p.on("close", (status) => resolve({ status, out, err }));
  });
}

/** What a reader says when it repairs: qpdf's reconstruction/damage notes, poppler's syntax and internal errors. */
const QPDF_REPAIR = /reconstruct|damaged|repair|xref not found|attempting/i;
const POPPLER_SYNTAX = /Syntax Error|Syntax Warning|Internal Error|reconstruct/i;
/** Poppler's words about a signature's or form's content, not the file's syntax (sealcheck judges those itself). */
const POPPLER_CONTENT = /ByteRange array|Signature string|parsed as a CMS signature|Can't get Fields array/;

async function readersComplaints(file: string): Promise<string[]> {
  const [q, info, sig] = await Promise.all([run("qpdf", ["--check", file]), run("pdfinfo", [file]), run("pdfsig", ["-nocert", file])]);
  const out: string[] = [];
  const qText = q.out + q.err;
  if (q.status !== 0 && q.status !== 3) out.push(`qpdf exit ${q.status}: ${qText.slice(0, 300)}`);
  for (const line of qText.split("\n")) if (QPDF_REPAIR.test(line)) out.push(`qpdf: ${line}`);
  for (const [name, r] of [
    ["pdfinfo", info],
    ["pdfsig", sig],
  ] as const) {
    for (const line of r.err.split("\n")) if (POPPLER_SYNTAX.test(line) && !POPPLER_CONTENT.test(line)) out.push(`${name}: ${line}`);
  }
  return out;
}

/** The accepted forms the syntax tests construct (each must read alike in every reader). */
function constructedAccepted(): Record<string, Uint8Array> {
  const s = text(minimalPdf("table"));
  const at = s.lastIndexOf("\nxref\n") + 1;
  const r0 = minimalPdf("table");
  const update = (num: number, body: string, size: number) =>
    latin1(text(addRevision(r0, { objects: [{ num, body }], xref: "table", trailer: "/Root 1 0 R" })).replace(/(\/Size )\d+( \/Prev)/, `$1${size}$2`));
  return {
    "startxref-at-eol-before-xref": latin1(s.replace(/startxref\n\d+/, `startxref\n${at - 1}`)),
    "size-below-own-new-object": update(5, "(new)", 5),
    "size-below-own-updated-object": update(4, "<< >>", 3),
  };
}

describe.skipIf(!hasQpdf || !hasPoppler)("what sealcheck reads, qpdf and poppler read without repair", () => {
  const dir = mkdtempSync(join(tmpdir(), "sealcheck-readers-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const check = async (files: string[]) => {
    const seen = new Set<string>();
    const todo: string[] = [];
    for (const f of files) {
      const bytes = new Uint8Array(readFileSync(f));
      const h = createHash("sha256").update(bytes).digest("hex");
      if (seen.has(h)) continue;
      seen.add(h);
      if (sealcheckReads(bytes)) todo.push(f);
    }
    const problems: string[] = [];
    for (let i = 0; i < todo.length; i += 4) {
      const batch = todo.slice(i, i + 4);
      const results = await Promise.all(batch.map(readersComplaints));
      results.forEach((r, k) => r.forEach((p) => problems.push(`${batch[k]}: ${p}`)));
    }
    return { read: todo.length, problems };
  };

  it("samples/ and the broker's example archive", async () => {
    const root = join(__dirname, "../..");
    const files = [...pdfsUnder(join(root, "samples")), join(root, "test/fixtures/real/broker-example/archive.pdf")];
    const r = await check(files);
    expect(r.read).toBeGreaterThan(10);
    expect(r.problems).toEqual([]);
  }, 300_000);

  it.skipIf(!hasCorpus)(
    "the DSS corpus",
    async () => {
      const r = await check(pdfsUnder(CORPUS));
      expect(r.read).toBeGreaterThan(100);
      expect(r.problems).toEqual([]);
    },
    300_000,
  );

  it("the accepted forms the syntax tests construct", async () => {
    const files = Object.entries(constructedAccepted()).map(([name, bytes]) => {
      const f = join(dir, `${name}.pdf`);
      writeFileSync(f, bytes);
      return f;
    });
    const r = await check(files);
    expect(r.read).toBe(files.length);
    expect(r.problems).toEqual([]);
  }, 60_000);
});

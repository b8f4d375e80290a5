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
import { FORGED_TEXT, forgedUpdate, type ForgedUpdateForm, SEALED_TEXT, STRAY_FORGED_ROOT } from "./forged-update.js";
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

/** Why the reader refuses the file (reading every revision's catalog and every object listed), undefined when it reads it. */
function sealcheckRefusal(bytes: Uint8Array): string | undefined {
  try {
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    for (let i = 0; i < doc.revisions.length; i++) {
      const v = doc.at(i);
      v.catalog();
      for (const e of doc.revisions[i]!.entries) if (e.type !== "free") v.objectByNumber(e.num);
    }
    return undefined;
  } catch (e) {
    if (e instanceof FormatError || e instanceof LimitError) return e.message;
    throw e;
  }
}

/** True when the reader reads the file without refusal. */
const sealcheckReads = (bytes: Uint8Array): boolean => sealcheckRefusal(bytes) === undefined;

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

/**
 * Forms a reader reads otherwise, each with an unlisted forged page content (test/pdf/forged-update.ts): the
 * refusal names the reader, and the reader shows it here (poppler's pdftotext, pdfinfo) or, for PDFium and pdf.js
 * (not installed in the suite), as recorded below on the file in test/fixtures/readers/ (scripts/attack-s11's
 * judge.mjs: PDFium 1 page "Forged" or "Sealed", pdf.js likewise).
 */
const READ_OTHERWISE: Record<string, { form: ForgedUpdateForm; refused: RegExp; poppler?: { text?: string; err?: RegExp }; qpdf?: RegExp }> = {
  // poppler 22.12: no message, pdftotext "Forged" (rebuilt). PDFium, pdf.js: "Sealed"; qpdf warns on the /Size.
  "table-size-above-2p25": { form: { xref: "table", size: 2 ** 25 + 1 }, refused: /above 33554432, where poppler/, poppler: { text: FORGED_TEXT } },
  // poppler: "Invalid 'size' parameter", pdftotext "Forged". PDFium, pdf.js: "Sealed".
  "stream-size-above-2p25": {
    form: { xref: "stream", size: 2 ** 25 + 1 },
    refused: /above 33554432, where poppler/,
    poppler: { text: FORGED_TEXT, err: /Invalid 'size' parameter/ },
  },
  // poppler: "Invalid 'obj' parameters", no page text. PDFium, pdf.js: "Sealed".
  "stream-object-2p25": {
    form: { xref: "stream", size: 6, extra: [{ num: 2 ** 25, body: "null" }] },
    refused: /lists object 33554432; poppler/,
    poppler: { err: /Invalid 'size' parameter|Invalid 'obj' parameters/ },
  },
  // The last row cut: qpdf "Cross-reference stream data has the wrong size" and reconstructs; poppler and pdf.js
  // rebuild too ("Forged"); PDFium reads the rows there are ("Sealed").
  "stream-data-shorter": {
    form: { xref: "stream", xrefStreamExtraBytes: -7 },
    poppler: { text: FORGED_TEXT },
    refused: /holds \d+ bytes, \/W and \/Index need \d+ \(qpdf rebuilds/,
    qpdf: /reconstruct|damaged/,
  },
  // Readers: poppler, pdf.js and qpdf rebuild the table ("unknown xref stream entry type 3"): "Forged"; PDFium "Sealed".
  "stream-reserved-type": {
    form: { xref: "stream", rowType: { num: 1, type: 3 } },
    refused: /reserved entry type 3/,
    poppler: { text: FORGED_TEXT },
    qpdf: /unknown xref stream entry type 3/,
  },
  // One table listing object 4 twice: poppler, pdf.js and qpdf take the first entry, PDFium the last
  // (test/fixtures/readers/table-object-twice-forged-last.pdf: PDFium "Forged", the others "Sealed").
  "table-object-twice-forged-first": { form: { xref: "table", listTwice: "forged-first" }, refused: /lists object 4 twice/, poppler: { text: FORGED_TEXT } },
  "table-object-twice-forged-last": { form: { xref: "table", listTwice: "forged-last" }, refused: /lists object 4 twice/ },
  // A comment between `startxref` and its offset: poppler and pdf.js rebuild ("Forged"); qpdf and PDFium "Sealed".
  "comment-before-startxref-offset": {
    form: { xref: "table", afterStartxref: "%c\n" },
    refused: /a comment between 'startxref' and its offset/,
    poppler: { text: FORGED_TEXT },
  },
  // The last `startxref` 2 KiB before the end: qpdf "can't find startxref" and reconstructs (its page 1 is the
  // forged one); poppler, PDFium and pdf.js look further and read "Sealed".
  "startxref-outside-the-tail": {
    form: { xref: "table", afterEof: " ".repeat(2000) },
    refused: /readers look for it only in the last 1024/,
    qpdf: /can't find startxref/,
  },
  // A `startxref 0 %%EOF` after the last %%EOF is the last startxref: qpdf "can't find startxref" (it names no
  // section) and every reader rebuilds ("Forged"); sealcheck reads from it and finds no section.
  "startxref-after-the-last-eof": {
    form: { xref: "table", afterEof: "startxref\n0\n%%EOF\n" },
    refused: /xref|cross-reference|not an xref stream|expected/i,
    poppler: { text: FORGED_TEXT },
    qpdf: /can't find startxref|reconstruct/,
  },
  // A hybrid update whose table lists page 3 free and its /XRefStm in an object stream: poppler "xref num 3 not
  // found but needed, try to reconstruct" ("Forged"); pdf.js takes the free entry (no page: "Page dictionary kid
  // reference points to wrong type of object"); qpdf and PDFium read the stream's page ("Sealed").
  "hybrid-table-frees-what-the-stream-lists": {
    form: { xref: "table", hybridPage: "free" },
    refused: /the table lists object 3 as free, its \/XRefStm as compressed/,
    poppler: { text: FORGED_TEXT, err: /xref num 3 not found/ },
  },
  // An xref stream's /W type field 5 bytes wide: poppler rebuilds without a word ("Forged"); qpdf, PDFium, pdf.js read.
  "stream-w-wider-than-poppler-reads": {
    form: { xref: "stream", xrefTypeWidth: 5 },
    refused: /has a field wider than every reader reads/,
    poppler: { text: FORGED_TEXT },
  },
  // The update's /Size (2) below objects only the original lists (2, 3, 4): poppler "xref num 2 not found but
  // needed, try to reconstruct" ("Forged"). It depends on the order poppler fetches objects in (with /Size 3 or 4
  // this file reads "Sealed" there too), so every /Size below an earlier revision's object is refused.
  "size-below-an-earlier-revisions-object": {
    form: { xref: "table", size: 2 },
    refused: /object 4 is listed by an earlier revision, but the trailer's \/Size is 2/,
    poppler: { text: FORGED_TEXT, err: /xref num 2 not found/ },
  },
  // PDFium (CPDF_Parser::kMaxObjectNumber): "Forged" (test/fixtures/readers/table-object-2p22.pdf); poppler,
  // pdf.js and qpdf: "Sealed". PDFium alone reads it otherwise, so no installed reader shows it here.
  "table-object-2p22": { form: { xref: "table", size: 6, extra: [{ num: 2 ** 22, body: "null" }] }, refused: /lists object 4194304; PDFium/ },
  // The refusals that named their reader in a comment only (h9b's "not done"), each measured on its fixture:
  // the update's last entry 19 bytes long (a one-byte EOL): PDFium "Forged"; poppler, qpdf (no warning), pdf.js "Sealed".
  "table-short-entry": { form: { xref: "table", shortEntry: true }, refused: /malformed cross-reference entry/ },
  // `xref` then `trailer`, no subsection: qpdf "xref syntax invalid" and reconstructs ("Forged"); poppler, PDFium, pdf.js "Sealed".
  "table-without-subsection": {
    form: { xref: "table", noSubsection: true },
    refused: /cross-reference table without a subsection \(qpdf/,
    qpdf: /xref syntax invalid[\s\S]*reconstruct/,
  },
  // /F /ASCIIHexDecode beside /Filter /FlateDecode on the xref stream (a21 F1): pdf.js takes /F first ("Forged");
  // poppler (takes /F only without /Filter), qpdf, PDFium "Sealed".
  "stream-f-on-the-xref-stream": { form: { xref: "stream", xrefStreamKeys: "/F /ASCIIHexDecode" }, refused: /xref stream has \/F, which some readers/ },
  // /DP with a PNG predictor on the xref stream (a21 F2): pdf.js and poppler "Forged"; qpdf, PDFium "Sealed".
  "stream-dp-on-the-xref-stream": {
    form: { xref: "stream", xrefStreamKeys: "/DP << /Predictor 12 /Columns 7 >>" },
    refused: /xref stream has \/DP, which some readers/,
    poppler: { text: FORGED_TEXT },
  },
  // One filter with an array of /DecodeParms (a21 P1): qpdf applies the predictor ("unable to find /Root dictionary");
  // poppler, PDFium and pdf.js ignore it ("Sealed").
  "stream-one-filter-parms-array": {
    form: { xref: "stream", xrefStreamKeys: "/DecodeParms [<< /Predictor 12 /Columns 7 >>]" },
    refused: /pairs one filter with an array of \/DecodeParms/,
    qpdf: /unable to find \/Root dictionary/,
  },
  // The xref stream numbered 0 (a21 Z1): qpdf "xref not found", reconstructs ("Forged"), PDFium "Forged"; poppler, pdf.js "Sealed".
  "stream-numbered-0": {
    form: { xref: "stream", xrefStreamNum: 0 },
    refused: /is object 0, which heads the free list/,
    qpdf: /xref not found[\s\S]*reconstruct/,
  },
  // A free entry's generation 0xFFFFFFFF in a 4-byte field (a21 X1): poppler "Gen inside xref table too large", rebuilds
  // ("Forged"); qpdf, PDFium, pdf.js "Sealed". At 2^31 - 1 every reader reads it (READ_ALIKE).
  "stream-generation-above-int-max": {
    form: { xref: "stream", freedGeneration: 0xffffffff },
    refused: /third field 4294967295 is above 2\^31 - 1, where poppler rebuilds/,
    poppler: { text: FORGED_TEXT, err: /Gen inside xref table too large/ },
  },
  // The catalog in an ASCII85 object stream holding 0x00 (a20 A2): pdf.js reads it as a digit ("Forged"); PDFium fails
  // the file; qpdf "character out of range during base 85 decode", no /Root; poppler "Sealed".
  "objstm-ascii85-nul": {
    form: { xref: "stream", catalogInObjStm: { gen: 0, a85: (e) => `${e.slice(0, 5)}\0${e.slice(5)}` } },
    refused: /ASCII85Decode data holds the byte 0x00/,
    qpdf: /character out of range during base 85 decode/,
  },
  // The same with 0x0C: pdf.js "Forged", PDFium fails the file; poppler, qpdf "Sealed".
  "objstm-ascii85-ff": {
    form: { xref: "stream", catalogInObjStm: { gen: 0, a85: (e) => `${e.slice(0, 5)}\f${e.slice(5)}` } },
    refused: /ASCII85Decode data holds the byte 0x0c/,
  },
  // Adobe's "<~" before the data: poppler, PDFium and pdf.js "Forged" (no data, rebuilt); qpdf "broken end-of-data
  // sequence in base 85 data", no /Root.
  "objstm-ascii85-framed": {
    form: { xref: "stream", catalogInObjStm: { gen: 0, a85: (e) => `<~${e}` } },
    refused: /ASCII85Decode data starts with "<~"/,
    poppler: { text: FORGED_TEXT },
    qpdf: /broken end-of-data sequence in base 85 data/,
  },
  // The catalog in an object stream whose next object's offset (object 9) lies inside the catalog's text: pdf.js parses
  // each object up to the next offset ("Forged", rebuilt); poppler, qpdf and PDFium read on ("Sealed").
  "objstm-object-runs-into-the-next": {
    form: { xref: "stream", catalogInObjStm: { gen: 0, nextAt: 30 } },
    refused: /object stream 6: object 1 runs into the next object's offset/,
  },
  // The catalog in an object stream at generation 1 (a21 G1): pdf.js and poppler "Forged" (rebuilt); qpdf "supposed
  // object stream 6 is not a stream", no /Root; PDFium "Sealed".
  "objstm-generation-1": {
    form: { xref: "stream", catalogInObjStm: { gen: 1 } },
    refused: /object stream 6 has generation 1/,
    poppler: { text: FORGED_TEXT },
    qpdf: /supposed object stream 6 is not a stream/,
  },
};

/** Forms every reader reads alike ("Sealed"): qpdf, poppler here; PDFium and pdf.js on the fixture files. */
const READ_ALIKE: Record<string, ForgedUpdateForm> = {
  "table-size-high": { xref: "table", size: 2038 }, // a16 X2 size-high
  "table-size-2p25": { xref: "table", size: 2 ** 25 },
  "stream-size-2p25": { xref: "stream", size: 2 ** 25 },
  "table-object-below-2p22": { xref: "table", size: 6, extra: [{ num: 2 ** 22 - 1, body: "null" }] },
  "stream-object-below-2p25": { xref: "stream", size: 6, extra: [{ num: 2 ** 25 - 1, body: "null" }] },
  "stray-trailer-forged-root": STRAY_FORGED_ROOT, // a16 X2 stray-trailer, with a forged /Root
  "stream-data-longer": { xref: "stream", xrefStreamExtraBytes: 14 }, // qpdf warns "wrong size", reads the same rows
  "stream-w-at-poppler-bound": { xref: "stream", xrefTypeWidth: 4 },
  "objstm-generation-0": { xref: "stream", catalogInObjStm: { gen: 0 } }, // the control of objstm-generation-1
  "stream-generation-int-max": { xref: "stream", freedGeneration: 2 ** 31 - 1 }, // the control of stream-generation-above-int-max
  "objstm-ascii85": { xref: "stream", catalogInObjStm: { gen: 0, a85: (e) => e } }, // the control of objstm-ascii85-*
  "objstm-next-object-after": { xref: "stream", catalogInObjStm: { gen: 0, nextAt: 55 } }, // the control of objstm-object-runs-into-the-next
  "hybrid-stream-lists-what-the-table-does-not": { xref: "table", hybridPage: "unlisted" }, // as the DSS corpus's producers write them
  // An object after the last %%EOF (it was refused: "a rebuilding reader would read it"; none rebuilds there).
  "object-after-the-last-eof": {
    xref: "table",
    afterEof: `4 0 obj\n<< /Length 38 >>\nstream\nBT /F1 24 Tf 72 700 Td (${FORGED_TEXT}) Tj ET\nendstream\nendobj\n`,
  },
};

const AT_THE_BOUND = new Set(["table-size-2p25", "stream-size-2p25", "stream-object-below-2p25"]);

/** The files PDFium's and pdf.js's readings were recorded on, as the builder writes them. */
const FIXTURES = [
  "table-object-2p22",
  "table-object-twice-forged-last",
  "table-size-high",
  "stray-trailer-forged-root",
  "stream-data-longer",
  "object-after-the-last-eof",
  "table-short-entry",
  "table-without-subsection",
  "stream-f-on-the-xref-stream",
  "stream-dp-on-the-xref-stream",
  "stream-one-filter-parms-array",
  "stream-numbered-0",
  "objstm-generation-1",
  "stream-generation-above-int-max",
  "objstm-ascii85-nul",
  "objstm-ascii85-ff",
  "objstm-ascii85-framed",
  "objstm-object-runs-into-the-next",
];
const FIXTURE_DIR = join(__dirname, "../fixtures/readers");

describe.skipIf(!hasQpdf || !hasPoppler)("what sealcheck refuses, a reader reads otherwise; what every reader reads alike, it reads", () => {
  const dir = mkdtempSync(join(tmpdir(), "sealcheck-otherwise-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, bytes: Uint8Array) => {
    const f = join(dir, `${name}.pdf`);
    writeFileSync(f, bytes);
    return f;
  };

  it("refused forms: the refusal names the reader, and poppler reads them otherwise where it is the one", async () => {
    for (const [name, c] of Object.entries(READ_OTHERWISE)) {
      const bytes = forgedUpdate(c.form);
      expect(sealcheckRefusal(bytes), name).toMatch(c.refused);
      const f = write(name, bytes);
      const [t, info] = await Promise.all([run("pdftotext", [f, "-"]), run("pdfinfo", [f])]);
      if (c.poppler?.text !== undefined) expect(t.out, name).toContain(c.poppler.text);
      else if (c.poppler) expect(t.out, name).not.toContain(SEALED_TEXT);
      else expect(t.out, name).toContain(SEALED_TEXT);
      if (c.poppler?.err) expect(info.err, name).toMatch(c.poppler.err);
      if (c.qpdf) {
        const q = await run("qpdf", ["--check", f]);
        expect(q.out + q.err, name).toMatch(c.qpdf);
      }
    }
  }, 60_000);

  it("forms read alike: sealcheck reads them, pdftotext shows the sealed page, qpdf and poppler do not repair", async () => {
    for (const [name, form] of Object.entries(READ_ALIKE)) {
      const bytes = forgedUpdate(form);
      expect(sealcheckReads(bytes), name).toBe(true);
      const f = write(name, bytes);
      expect((await run("pdftotext", [f, "-"])).out, name).toContain(SEALED_TEXT);
      // At the bound poppler allocates its table for 2^25 entries (1.3 GB a process): pdftotext alone, one at a time.
      if (!AT_THE_BOUND.has(name)) expect(await readersComplaints(f), name).toEqual([]);
    }
  }, 60_000);

  it("the fixtures PDFium's and pdf.js's readings were recorded on are what the builder writes", () => {
    const all = { ...READ_ALIKE, ...Object.fromEntries(Object.entries(READ_OTHERWISE).map(([k, v]) => [k, v.form])) };
    for (const name of FIXTURES)
      expect(Buffer.from(readFileSync(join(FIXTURE_DIR, `${name}.pdf`))).equals(Buffer.from(forgedUpdate(all[name]!))), name).toBe(true);
  });
});

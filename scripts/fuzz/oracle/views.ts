// What the readers show of a PDF: qpdf's resolved object tree from the catalog and each page's contents and
// resources (decoded stream data), poppler's text and low-resolution pixels per page, its attachments
// (pdfdetach) and its signature list (pdfsig). Two views compare to a list of differences, each naming the
// view, the page and the object path, with the LTV additions a sealed archive may legitimately receive (a
// /DSS, an invisible document-timestamp field and widget, /SigFlags) stripped and nothing else.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

type J = null | boolean | number | string | J[] | { [k: string]: J };
interface QObj {
  value?: J;
  stream?: { dict: Record<string, J>; data?: string };
}

export interface SigEntry {
  field: string;
  /** The entry's lines, the one on whether the whole document is signed dropped (it changes with any update). */
  lines: string[];
}

export interface ReaderViews {
  pageCount: number;
  /** Per page: qpdf's page dictionary (without /Parent, with inherited attributes) resolved, canonical JSON. */
  pages: string[];
  /** Per page: the object refs behind each canonical node, to name objects in a diff. */
  pageRefs: string[][];
  text: string[];
  pixels: string[];
  attachmentsList: string;
  attachments: Record<string, string>;
  signatures: SigEntry[];
  /** qpdf's object tree from /Root, resolved and canonical, LTV additions stripped. */
  tree: string;
  treeRefs: string[];
  info: string;
  /** qpdf's warnings (offsets removed): a reader that repairs shows what it repaired to. */
  qpdfWarnings: string[];
}

export interface Difference {
  view: string;
  page?: number;
  /** Path in the canonical tree and the object (in the compared file) where the first difference is. */
  path?: string;
  object?: string;
  message: string;
}

const sha = (b: Uint8Array | string): string => createHash("sha256").update(b).digest("hex").slice(0, 24);

/** Whether the reader tools are installed. */
export function readersAvailable(): string | null {
  for (const tool of ["qpdf", "pdftoppm", "pdftotext", "pdfdetach", "pdfsig"]) {
    const r = spawnSync(tool, ["--version"], { encoding: "utf8" });
    if (r.error) return `${tool} is not installed`;
  }
  return null;
}

function run(cmd: string, args: string[], okCodes = [0]): { stdout: Buffer; stderr: string; code: number } {
  const r = spawnSync(cmd, args, { maxBuffer: 1 << 30, timeout: 60_000 });
  const code = r.status ?? -1;
  if (!okCodes.includes(code)) throw new Error(`${cmd} ${args.join(" ")}: exit ${code}: ${String(r.stderr).slice(0, 500)}`);
  return { stdout: r.stdout, stderr: String(r.stderr), code };
}

/** The readers' views of the PDF `bytes`. */
export function readerViews(bytes: Uint8Array): ReaderViews {
  const dir = mkdtempSync(join(tmpdir(), "sealcheck-oracle-"));
  try {
    const file = join(dir, "in.pdf");
    writeFileSync(file, bytes);
    const q = run("qpdf", ["--json=2", "--json-stream-data=inline", "--decode-level=generalized", "--json-key=qpdf", "--json-key=pages", file], [0, 3]);
    const json = JSON.parse(q.stdout.toString("utf8")) as { qpdf: [unknown, Record<string, QObj>]; pages: { object: string }[] };
    const objects = json.qpdf[1];
    const warnings = q.stderr
      .split("\n")
      .filter((l) => l.startsWith("WARNING"))
      .map((l) => l.replace(/\(offset \d+\)/g, "(offset)").replace(/^WARNING: [^:]*:/, "WARNING:"))
      .sort();
    const strip = new Strip(objects);
    const tree = new Canon(objects, strip);
    const trailer = objects["trailer"]?.value as Record<string, J> | undefined;
    const treeText = JSON.stringify(tree.canon(trailer?.["/Root"] ?? null));
    const info = JSON.stringify(new Canon(objects, strip).canon(trailer?.["/Info"] ?? null));
    const pages: string[] = [];
    const pageRefs: string[][] = [];
    for (const p of json.pages) {
      const c = new Canon(objects, strip);
      pages.push(JSON.stringify(c.canon(pageWithInherited(objects, p.object))));
      pageRefs.push(c.refs);
    }
    const text = run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], [0, 1, 3]).stdout.toString("utf8").split("\f").slice(0, json.pages.length);
    run("pdftoppm", ["-r", "20", "-gray", file, join(dir, "px")], [0, 1, 3]);
    const pixels = readdirSync(dir)
      .filter((f) => f.startsWith("px"))
      .sort((a, b) => Number(/(\d+)\.pgm$/.exec(a)?.[1]) - Number(/(\d+)\.pgm$/.exec(b)?.[1]))
      .map((f) => sha(readFileSync(join(dir, f))));
    const attachmentsList = run("pdfdetach", ["-list", file], [0, 1, 2, 3])
      .stdout.toString("utf8")
      .replace(/^.*?\n/, "");
    const out = join(dir, "att");
    run("mkdir", ["-p", out]);
    run("pdfdetach", ["-saveall", "-o", out, file], [0, 1, 2, 3]);
    const attachments: Record<string, string> = {};
    for (const f of readdirSync(out).sort()) attachments[f] = sha(readFileSync(join(out, f)));
    const sig = run("pdfsig", ["-nocert", file], [0, 1, 2, 3, 4]).stdout.toString("utf8");
    return {
      pageCount: json.pages.length,
      pages,
      pageRefs,
      text,
      pixels,
      attachmentsList,
      attachments,
      signatures: parsePdfsig(sig),
      tree: treeText,
      treeRefs: tree.refs,
      info,
      qpdfWarnings: warnings,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function parsePdfsig(out: string): SigEntry[] {
  const entries: SigEntry[] = [];
  for (const block of out.split(/^Signature #\d+:\n/m).slice(1)) {
    const lines = block
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !/^- (Total document signed|Not total document signed)$/.test(l) && !/^- Signed Ranges:/.test(l));
    const field = /^- Signature Field Name: (.*)$/m.exec(block.replace(/^\s+/gm, ""))?.[1] ?? "";
    entries.push({ field, lines });
  }
  return entries;
}

const INHERITED = ["/Resources", "/MediaBox", "/CropBox", "/Rotate"];

function pageWithInherited(objects: Record<string, QObj>, ref: string): J {
  const page = { ...(valueOf(objects, ref) as Record<string, J>) };
  let parent = page["/Parent"];
  for (let depth = 0; typeof parent === "string" && depth < 64; depth++) {
    const node = valueOf(objects, parent) as Record<string, J> | null;
    if (!node || typeof node !== "object") break;
    for (const k of INHERITED) if (!(k in page) && k in node) page[k] = node[k]!;
    parent = node["/Parent"];
  }
  delete page["/Parent"];
  return page;
}

function valueOf(objects: Record<string, QObj>, ref: string): J {
  const o = objects[`obj:${ref}`];
  if (!o) return null;
  return o.value !== undefined ? o.value : (o.stream?.dict ?? null);
}

const REF = /^(\d+) (\d+) R$/;

/**
 * Resolves references depth-first into one canonical tree: each object is written at its first visit with
 * an index (in visit order, keys sorted), later visits as {"@": index}; stream data as its decoded digest.
 * Object numbers do not appear, so a redefinition under another number that reads the same is the same.
 */
class Canon {
  readonly refs: string[] = [];
  private readonly seen = new Map<string, number>();
  constructor(
    private readonly objects: Record<string, QObj>,
    private readonly strip: Strip,
  ) {}

  canon(v: J, parentKey: string | null = null): J {
    if (typeof v === "string" && REF.test(v)) {
      const o = this.objects[`obj:${v}`];
      if (!o) return null; // a reference to nothing (or to a free object) is null
      const seen = this.seen.get(v);
      if (seen !== undefined) return { "@": seen };
      const idx = this.refs.length;
      this.refs.push(v);
      this.seen.set(v, idx);
      if (o.stream) {
        const dict = this.dict(v, o.stream.dict, true, parentKey);
        const data = o.stream.data === undefined ? "undecodable" : sha(Buffer.from(o.stream.data, "base64"));
        return { "#": idx, stream: dict, data };
      }
      const value = o.value ?? null;
      return {
        "#": idx,
        v: value && typeof value === "object" && !Array.isArray(value) ? this.dict(v, value, false, parentKey) : this.canon(value, parentKey),
      };
    }
    if (Array.isArray(v)) return v.map((x) => this.canon(x, parentKey));
    if (v && typeof v === "object") return this.dict(null, v, false, parentKey);
    return v;
  }

  private dict(ref: string | null, raw: Record<string, J>, stream: boolean, parentKey: string | null): J {
    const d = this.strip.dict(ref, raw, parentKey);
    const out: Record<string, J> = {};
    for (const k of Object.keys(d).sort()) {
      // The encoding of stream data is not what a reader shows: its decoded bytes are compared instead.
      if (stream && (k === "/Length" || k === "/Filter" || k === "/DecodeParms")) continue;
      out[k] = this.canon(d[k]!, k);
    }
    return out;
  }
}

/**
 * The LTV additions a PAdES archive may receive after its certification signature (ETSI EN 319 142-1 §5.4),
 * removed wherever the tree reaches them: the catalog's /DSS; the AcroForm's /SigFlags (1–3); in /AcroForm
 * /Fields and in any /Annots array, a document-timestamp field/widget that is invisible (a zero-area /Rect),
 * its /V a /DocTimeStamp with /SubFilter /ETSI.RFC3161, and with no other keys than a signature
 * field/widget has. Values are copied, never changed in place; everything else is compared as it is.
 */
class Strip {
  private readonly root: J;
  private readonly acroForm: J;
  constructor(private readonly objects: Record<string, QObj>) {
    const trailer = objects["trailer"]?.value as Record<string, J> | undefined;
    this.root = trailer?.["/Root"] ?? null;
    const cat = typeof this.root === "string" ? valueOf(objects, this.root) : null;
    this.acroForm = cat && typeof cat === "object" && !Array.isArray(cat) ? (cat["/AcroForm"] ?? null) : null;
  }

  /** `d` is the value of object `ref` (or a direct dictionary inside one, ref null). */
  dict(ref: string | null, d: Record<string, J>, parentKey: string | null): Record<string, J> {
    let out = d;
    const copy = (): Record<string, J> => (out === d ? (out = { ...d }) : out);
    if (ref !== null && ref === this.root) delete copy()["/DSS"];
    const isAcroForm = (ref !== null && ref === this.acroForm) || (ref === null && parentKey === "/AcroForm" && typeof this.acroForm === "object");
    if (isAcroForm) {
      const sf = d["/SigFlags"];
      if (typeof sf === "number" && sf >= 1 && sf <= 3) delete copy()["/SigFlags"];
      if (Array.isArray(d["/Fields"])) copy()["/Fields"] = this.annots(d["/Fields"]);
    }
    if (Array.isArray(d["/Annots"])) copy()["/Annots"] = this.annots(d["/Annots"]);
    return out;
  }

  /** An array of fields or annotations without the invisible document-timestamp fields in it. */
  annots(list: J[]): J[] {
    return list.filter((r) => !(typeof r === "string" && this.isInvisibleDocTimestamp(r)));
  }

  private isInvisibleDocTimestamp(ref: string): boolean {
    const f = valueOf(this.objects, ref);
    if (!f || typeof f !== "object" || Array.isArray(f)) return false;
    const allowed = new Set(["/FT", "/T", "/V", "/Type", "/Subtype", "/Rect", "/F", "/P", "/AP", "/DA", "/Ff", "/MK"]);
    if (Object.keys(f).some((k) => !allowed.has(k))) return false;
    if (f["/FT"] !== "/Sig" || f["/Subtype"] !== "/Widget") return false;
    const v = typeof f["/V"] === "string" ? valueOf(this.objects, f["/V"]) : null;
    if (!v || typeof v !== "object" || Array.isArray(v)) return false;
    if (v["/Type"] !== "/DocTimeStamp" || v["/SubFilter"] !== "/ETSI.RFC3161") return false;
    const rect = f["/Rect"];
    if (!Array.isArray(rect) || rect.length !== 4 || !rect.every((x) => typeof x === "number")) return false;
    const [x1, y1, x2, y2] = rect as number[];
    return x1 === x2 || y1 === y2;
  }
}

/** The differences between the sealed revision's views and a later file's, first per view. */
export function compareViews(sealed: ReaderViews, later: ReaderViews): Difference[] {
  const d: Difference[] = [];
  if (sealed.pageCount !== later.pageCount) d.push({ view: "pages", message: `page count ${sealed.pageCount} -> ${later.pageCount}` });
  const n = Math.min(sealed.pageCount, later.pageCount);
  for (let i = 0; i < n; i++) {
    if (sealed.pages[i] !== later.pages[i]) {
      const at = firstDiff(JSON.parse(sealed.pages[i]!), JSON.parse(later.pages[i]!), "page", later.pageRefs[i]!);
      d.push({ view: "qpdf-page", page: i + 1, path: at.path, object: at.object, message: `page ${i + 1}: ${at.message}` });
    }
    if (sealed.text[i] !== later.text[i])
      d.push({ view: "pdftotext", page: i + 1, message: `page ${i + 1} text: ${JSON.stringify(textDiff(sealed.text[i] ?? "", later.text[i] ?? ""))}` });
    if (sealed.pixels[i] !== later.pixels[i]) d.push({ view: "pdftoppm", page: i + 1, message: `page ${i + 1} pixels differ (-r 20 -gray)` });
  }
  if (sealed.attachmentsList !== later.attachmentsList)
    d.push({ view: "pdfdetach-list", message: `list ${JSON.stringify(sealed.attachmentsList)} -> ${JSON.stringify(later.attachmentsList)}` });
  const names = new Set([...Object.keys(sealed.attachments), ...Object.keys(later.attachments)]);
  for (const name of [...names].sort())
    if (sealed.attachments[name] !== later.attachments[name])
      d.push({
        view: "pdfdetach-bytes",
        object: name,
        message: `attachment ${name}: ${sealed.attachments[name] ?? "absent"} -> ${later.attachments[name] ?? "absent"}`,
      });
  const sigs = compareSignatures(sealed.signatures, later.signatures);
  if (sigs) d.push({ view: "pdfsig", message: sigs });
  if (sealed.tree !== later.tree) {
    const at = firstDiff(JSON.parse(sealed.tree), JSON.parse(later.tree), "/Root", later.treeRefs);
    d.push({ view: "qpdf-tree", path: at.path, object: at.object, message: `catalog tree: ${at.message}` });
  }
  if (sealed.info !== later.info) d.push({ view: "info", message: `/Info ${sealed.info.slice(0, 200)} -> ${later.info.slice(0, 200)}` });
  const newWarnings = later.qpdfWarnings.filter((w) => !sealed.qpdfWarnings.includes(w));
  if (newWarnings.length) d.push({ view: "qpdf-warnings", message: newWarnings.slice(0, 3).join(" | ") });
  return d;
}

function compareSignatures(sealed: SigEntry[], later: SigEntry[]): string | null {
  for (const s of sealed) {
    const l = later.find((x) => x.field === s.field);
    if (!l) return `signature ${s.field} missing`;
    if (JSON.stringify(l.lines) !== JSON.stringify(s.lines)) return `signature ${s.field}: ${JSON.stringify(s.lines)} -> ${JSON.stringify(l.lines)}`;
  }
  if (later.length < sealed.length) return `${sealed.length} signatures -> ${later.length}`;
  for (const l of later) {
    if (sealed.some((s) => s.field === l.field)) continue;
    // A later document timestamp: poppler lists ETSI.RFC3161 as type "unknown", with its TSA as signer (a
    // token it could not read has an empty common name, a (null) name and the epoch as its time).
    const isTimestamp =
      l.lines.includes("- Signature Type: unknown") &&
      l.lines.some((x) => /^- Signer Certificate Common Name: \S/.test(x)) &&
      !l.lines.includes("- Signer full Distinguished Name: (null)") &&
      !l.lines.some((x) => x.startsWith("- Signing Time: Jan 01 1970"));
    if (!isTimestamp) return `extra signature ${l.field} is no timestamp: ${JSON.stringify(l.lines)}`;
  }
  if (later.filter((l) => !sealed.some((s) => s.field === l.field)).length !== later.length - sealed.length)
    return `signature fields listed twice: ${later.map((l) => l.field).join(", ")}`;
  return null;
}

function textDiff(a: string, b: string): { sealed: string; later: string } {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return { sealed: a.slice(Math.max(0, i - 20), i + 60), later: b.slice(Math.max(0, i - 20), i + 60) };
}

function firstDiff(a: J, b: J, path: string, refs: string[]): { path: string; object?: string; message: string } {
  let object: string | undefined;
  const walk = (x: J, y: J, p: string): { path: string; message: string } | null => {
    if (y && typeof y === "object" && !Array.isArray(y) && typeof y["#"] === "number") object = refs[y["#"]];
    if (JSON.stringify(x) === JSON.stringify(y)) return null;
    if (Array.isArray(x) && Array.isArray(y)) {
      for (let i = 0; i < Math.max(x.length, y.length); i++) {
        const r = walk(x[i] ?? null, y[i] ?? null, `${p}[${i}]`);
        if (r) return r;
      }
      return { path: p, message: "arrays differ" };
    }
    if (x && y && typeof x === "object" && typeof y === "object" && !Array.isArray(x) && !Array.isArray(y)) {
      // A back reference ({"@": k}: the object visited k-th) against another one or a new object.
      const name = (o: { [k: string]: J }) => ("@" in o ? `the object visited #${String(o["@"])}` : `a new object #${String(o["#"])}`);
      if ("@" in x || "@" in y) return { path: p, message: `refers to ${name(x)} -> to ${name(y)}` };
      for (const k of [...new Set([...Object.keys(x), ...Object.keys(y)])].sort()) {
        if (k === "#") continue;
        const r = walk(x[k] ?? null, y[k] ?? null, k === "v" || k === "stream" ? p : `${p}${k.startsWith("/") ? k : `.${k}`}`);
        if (r) return r;
      }
      if (x["#"] !== y["#"]) return { path: p, message: `object visit order differs (#${String(x["#"])} -> #${String(y["#"])})` };
    }
    return { path: p, message: `${JSON.stringify(x)?.slice(0, 160)} -> ${JSON.stringify(y)?.slice(0, 160)}` };
  };
  const r = walk(a, b, path) ?? { path, message: "differs" };
  return { ...r, object, message: `${r.path}${object ? ` (object ${object})` : ""}: ${r.message}` };
}

/** The sealed revision: the file cut where the seal's ByteRange ends. */
export function sealedRevision(bytes: Uint8Array): Uint8Array {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1");
  const m = /\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!m) throw new Error("oracle: no /ByteRange");
  return bytes.subarray(0, Number(m[2]) + Number(m[3]));
}

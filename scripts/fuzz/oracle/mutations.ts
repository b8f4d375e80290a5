// Structured mutations of a sealed archive, written as incremental updates: each case is a seed, which
// decides the base's objects it touches, one to three atomic mutations (new and redefined objects in every
// context a reader reaches), often beside a genuine LTV addition (a /DSS), in one or two updates, with the
// xref section as a table, a stream or a hybrid, objects in an object stream, free entries and syntax
// variants. The same seed on the same base always writes the same bytes.
import { deflateSync } from "node:zlib";
import { pdf, refNum, streamData, value, type Base, type Dict, type J } from "./bases.js";
import { appendUpdate, type NewObject, type UpdateSpec, type XrefKind } from "./writer.js";

/** mulberry32: a small seeded PRNG. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** One update being built: redefinitions start from the base's (or the draft's) current value. */
export class Draft {
  readonly objects = new Map<number, NewObject>();
  readonly free: { num: number; gen?: number }[] = [];
  readonly notes: string[] = [];
  /** Trailer entries other than /Size and /Prev, when a mutator replaces the previous ones. */
  trailer?: string;
  private nextNum: number;
  constructor(
    readonly base: Base,
    readonly rng: Rng,
    firstFree: number,
  ) {
    this.nextNum = firstFree;
  }
  alloc(): number {
    return this.nextNum++;
  }
  get allocated(): number {
    return this.nextNum;
  }
  /** The current dictionary of `num` (the draft's redefinition if any), as a copy. */
  dict(num: number): Dict {
    const mine = this.objects.get(num);
    if (mine?.json) return structuredClone(mine.json) as Dict;
    return structuredClone(value(this.base, num));
  }
  set(num: number, v: Dict, extra: Partial<NewObject> = {}): void {
    this.objects.set(num, { num, body: pdf(v), json: v, ...extra });
  }
  setStream(num: number, dict: Dict, data: Uint8Array | string, compress = false): void {
    const d: Dict = { ...dict };
    delete d["/Length"];
    delete d["/Filter"];
    delete d["/DecodeParms"];
    let bytes = typeof data === "string" ? new Uint8Array(Buffer.from(data, "latin1")) : data;
    if (compress) {
      d["/Filter"] = "/FlateDecode";
      bytes = new Uint8Array(deflateSync(bytes));
    }
    this.objects.set(num, { num, body: pdf(d), stream: bytes, json: d });
  }
  note(s: string): void {
    this.notes.push(s);
  }
}

type Mutator = (d: Draft) => void;

const page = (d: Draft) => d.rng.pick(d.base.pages);
const catalog = (d: Draft, f: (c: Dict) => void) => {
  const c = d.dict(d.base.root);
  f(c);
  d.set(d.base.root, c);
};
const acroForm = (d: Draft, f: (a: Dict) => void) => {
  if (d.base.acroForm !== null) {
    const a = d.dict(d.base.acroForm);
    f(a);
    d.set(d.base.acroForm, a);
  } else catalog(d, (c) => f(c["/AcroForm"] as Dict));
};
const appendAnnot = (d: Draft, pageNum: number, ref: string) => {
  const p = d.dict(pageNum);
  const annots = Array.isArray(p["/Annots"]) ? p["/Annots"] : typeof p["/Annots"] === "string" ? (d.dict(refNum(p["/Annots"])) as unknown as J[]) : [];
  p["/Annots"] = [...annots, ref];
  d.set(pageNum, p);
};
const appendField = (d: Draft, ref: string) => acroForm(d, (a) => (a["/Fields"] = [...((a["/Fields"] as J[]) ?? []), ref]));
const R = (n: number) => `${n} 0 R`;

/** An appearance stream that shows text (what an attacker wants a viewer to draw). */
function appearance(d: Draft, w = 300, h = 40, text = "Husleje: 1 kr. pr. maaned"): string {
  const n = d.alloc();
  d.setStream(
    n,
    {
      "/Type": "/XObject",
      "/Subtype": "/Form",
      "/BBox": [0, 0, w, h],
      "/Resources": { "/Font": { "/Helv": { "/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Helvetica" } } },
    },
    `1 1 1 rg 0 0 ${w} ${h} re f 0 g BT /Helv 14 Tf 4 12 Td (${text}) Tj ET`,
    d.rng.chance(0.5),
  );
  return R(n);
}

/** A /DSS as PAdES LTV writes it: certificates, and sometimes a VRI entry. */
export const addDss: Mutator = (d) => {
  const certs = d.base.certs.map((c) => {
    const n = d.alloc();
    d.setStream(n, {}, c, d.rng.chance(0.5));
    return R(n);
  });
  const dss: Dict = { "/Certs": certs };
  if (d.rng.chance(0.4)) dss["/VRI"] = { [`/${"A".repeat(40)}`]: { "/Cert": certs.slice(0, 1) } };
  if (d.rng.chance(0.3)) dss["/Type"] = "/DSS";
  const n = d.alloc();
  d.set(n, dss);
  catalog(d, (c) => (c["/DSS"] = R(n)));
  d.note("dss");
};

const F_VALUES = ["0", "2", "4", "32", "34", "36", "132", "2.0", "4.0", "4294967298", "4294967300", "-1", "-4", "1e0", "6", "128"];
const RECTS = ["[0 0 0 0]", "[100 700 400 740]", "[0 0 595 842]", "[100 700 100 740]", "[400 740 100 700]", "[-10 -10 -5 -5]", "[100 700 400 700.0001]"];

const FIRST: Record<string, Mutator> = {
  "content-rewritten": (d) => {
    const p = page(d);
    const num = d.rng.pick(p.contents);
    const data = streamData(d.base, num).toString("latin1");
    const changed = d.rng.chance(0.5) ? data.replace(/\d/, (x) => String((Number(x) + 1) % 10)) : `${data}\nq 0 0 1 rg 50 50 200 100 re f Q`;
    d.setStream(num, d.dict(num), changed, d.rng.chance(0.5));
    d.note(`content ${num} of page ${p.num} rewritten`);
  },
  "content-appended": (d) => {
    const p = page(d);
    const n = d.alloc();
    d.setStream(n, {}, "q 1 0 0 rg 60 60 150 80 re f Q BT /F1 20 Tf 70 90 Td (X) Tj ET");
    const pg = d.dict(p.num);
    const c = pg["/Contents"];
    pg["/Contents"] = Array.isArray(c) ? [...c, R(n)] : [c ?? null, R(n)];
    d.set(p.num, pg);
    d.note(`page ${p.num} /Contents gains ${n}`);
  },
  "font-redefined": (d) => {
    const p = page(d);
    if (!p.fonts.length) return;
    const f = d.rng.pick(p.fonts);
    const v = d.dict(f);
    v["/BaseFont"] = d.rng.pick(["/Courier", "/Times-Roman", "/Symbol"]);
    d.set(f, v);
    d.note(`font ${f} -> ${String(v["/BaseFont"])}`);
  },
  "resources-xobject": (d) => {
    const p = page(d);
    const pg = d.dict(p.num);
    const ap = appearance(d);
    const res = typeof pg["/Resources"] === "string" ? d.dict(refNum(pg["/Resources"])) : ((pg["/Resources"] as Dict) ?? {});
    res["/XObject"] = { ...((res["/XObject"] as Dict) ?? {}), "/Xoracle": ap };
    pg["/Resources"] = res;
    d.set(p.num, pg);
    d.note(`page ${p.num} resources gain an XObject`);
  },
  "page-attribute": (d) => {
    const onPages = d.rng.chance(0.5);
    const num = onPages ? d.base.pagesRoot : page(d).num;
    const v = d.dict(num);
    const [k, x] = d.rng.pick([
      ["/Rotate", 90],
      ["/CropBox", [0, 0, 300, 400]],
      ["/MediaBox", [0, 0, 300, 400]],
      ["/UserUnit", 2],
      ["/Resources", { "/Font": {} }],
    ] as [string, J][]);
    v[k] = x;
    d.set(num, v);
    d.note(`${onPages ? "pages node" : "page"} ${num} ${k}`);
  },
  "pages-kids": (d) => {
    const v = d.dict(d.base.pagesRoot);
    const kids = [...(v["/Kids"] as J[])];
    if (d.rng.chance(0.5)) kids.reverse();
    else kids.pop();
    v["/Kids"] = kids;
    if (d.rng.chance(0.5)) v["/Count"] = kids.length;
    d.set(d.base.pagesRoot, v);
    d.note("pages /Kids changed");
  },
  annotation: (d) => {
    const p = page(d);
    const n = d.alloc();
    const subtype = d.rng.pick(["/FreeText", "/Square", "/Widget", "/Stamp", "/Link", "/Text", "/Popup"]);
    const a: Dict = { "/Type": "/Annot", "/Subtype": subtype, "/Rect": d.rng.pick(RECTS), "/F": d.rng.pick(F_VALUES), "/P": R(p.num) };
    if (d.rng.chance(0.7)) a["/AP"] = { "/N": appearance(d) };
    if (subtype === "/FreeText") {
      a["/Contents"] = "(Husleje: 1 kr.)";
      a["/DA"] = "(/Helv 12 Tf 0 g)";
    }
    if (subtype === "/Widget") {
      a["/FT"] = d.rng.pick(["/Tx", "/Sig", "/Btn"]);
      a["/T"] = "(Oracle)";
      if (d.rng.chance(0.5)) appendField(d, R(n));
    }
    d.set(n, a);
    appendAnnot(d, p.num, R(n));
    d.note(`annotation ${subtype} /F ${String(a["/F"])} /Rect ${String(a["/Rect"])} on page ${p.num}`);
  },
  "fake-doc-timestamp": (d) => {
    const p = page(d);
    const v = d.alloc();
    d.set(v, {
      "/Type": "/DocTimeStamp",
      "/SubFilter": d.rng.pick(["/ETSI.RFC3161", "/ETSI.RFC3161", "/adbe.pkcs7.detached"]),
      "/Filter": "/Adobe.PPKLite",
      "/ByteRange": [0, 100, 200, 300],
      "/Contents": `b:${"30".repeat(1)}${"00".repeat(63)}`,
    });
    const f = d.alloc();
    const visible = d.rng.chance(0.5);
    const w: Dict = {
      "/FT": "/Sig",
      "/T": "u:Signature2",
      "/V": R(v),
      "/Type": "/Annot",
      "/Subtype": "/Widget",
      "/Rect": visible ? d.rng.pick(RECTS.slice(1)) : "[0 0 0 0]",
      "/F": d.rng.pick(F_VALUES),
      "/P": R(p.num),
    };
    if (visible || d.rng.chance(0.5)) w["/AP"] = { "/N": appearance(d) };
    d.set(f, w);
    const where = d.rng.pick(["both", "both", "annots", "fields"]);
    if (where !== "fields") appendAnnot(d, p.num, R(f));
    if (where !== "annots") appendField(d, R(f));
    d.note(`fake doc timestamp field ${f} (${where}) /F ${String(w["/F"])} /Rect ${String(w["/Rect"])}`);
  },
  "sig-widget-variant": (d) => {
    // Signature widgets that are not a new signature: a second widget for the seal's own value, a kid widget
    // whose /Parent is the seal field, a widget whose own /Type says /DocTimeStamp; in /Annots and/or /Fields.
    const p = page(d);
    const n = d.alloc();
    const kind = d.rng.pick(["seal-value", "kid-of-seal", "type-doctimestamp", "type-doctimestamp-no-v"]);
    const w: Dict = { "/Subtype": "/Widget", "/Rect": d.rng.pick(RECTS), "/F": d.rng.pick(F_VALUES), "/P": R(p.num) };
    if (kind === "seal-value") Object.assign(w, { "/Type": "/Annot", "/FT": "/Sig", "/T": "(Signature1)", "/V": R(d.base.sigValue) });
    if (kind === "kid-of-seal") Object.assign(w, { "/Type": "/Annot", "/Parent": R(d.base.sigField) });
    if (kind === "type-doctimestamp") Object.assign(w, { "/Type": "/DocTimeStamp", "/FT": "/Sig", "/T": "(Signature3)", "/V": R(d.base.sigValue) });
    if (kind === "type-doctimestamp-no-v") Object.assign(w, { "/Type": "/DocTimeStamp", "/FT": "/Sig", "/T": "(Signature3)" });
    if (d.rng.chance(0.8)) w["/AP"] = { "/N": appearance(d) };
    d.set(n, w);
    const where = d.rng.pick(["annots", "annots", "both", "fields"]);
    if (where !== "fields") appendAnnot(d, p.num, R(n));
    if (where !== "annots") appendField(d, R(n));
    d.note(`signature widget ${kind} ${n} (${where}) /F ${String(w["/F"])} /Rect ${String(w["/Rect"])}`);
  },
  trailer: (d) => {
    // The update's trailer: without /Info, with a new /Info, or with /Root naming a copy of the catalog.
    const id = /\/ID\s*\[[^\]]*\]/.exec(Buffer.from(d.base.bytes.subarray(-2048)).toString("latin1"))?.[0] ?? "";
    const info = d.base.info === null ? "" : `/Info ${R(d.base.info)}`;
    const kind = d.rng.pick(["no-info", "new-info", "new-root", "new-root-dss"]);
    if (kind === "no-info") d.trailer = `/Root ${R(d.base.root)} ${id}`;
    if (kind === "new-info") {
      const n = d.alloc();
      d.set(n, { "/Title": "(Husleje 1 kr)", "/Producer": "(oracle)" });
      d.trailer = `/Root ${R(d.base.root)} /Info ${R(n)} ${id}`;
    }
    if (kind.startsWith("new-root")) {
      const n = d.alloc();
      const c = d.dict(d.base.root);
      if (kind === "new-root-dss") {
        const dss = d.alloc();
        d.set(dss, { "/Certs": [] });
        c["/DSS"] = R(dss);
      }
      d.set(n, c);
      d.trailer = `/Root ${R(n)} ${info} ${id}`;
    }
    d.note(`trailer ${kind}`);
  },
  "seal-widget": (d) => {
    const w = d.dict(d.base.sigField);
    const k = d.rng.pick(["F", "Rect", "AP", "MK"]);
    if (k === "F") w["/F"] = d.rng.pick(F_VALUES);
    if (k === "Rect") w["/Rect"] = d.rng.pick(RECTS);
    if (k === "AP") {
      w["/AP"] = { "/N": appearance(d) };
      w["/Rect"] = d.rng.pick(RECTS);
    }
    if (k === "MK") w["/MK"] = { "/BG": [1, 0, 0] };
    d.set(d.base.sigField, w);
    d.note(`seal widget ${k}`);
  },
  acroform: (d) => {
    const k = d.rng.pick(["DR", "NeedAppearances", "SigFlags", "DA", "XFA", "CO", "field"]);
    acroForm(d, (a) => {
      if (k === "DR") a["/DR"] = { "/Font": { "/Helv": { "/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Courier" } } };
      if (k === "NeedAppearances") a["/NeedAppearances"] = true;
      if (k === "SigFlags") a["/SigFlags"] = d.rng.pick([0, 1, 2, 3, 7, "3.0"]);
      if (k === "DA") a["/DA"] = "(/Helv 0 Tf 0 g)";
      if (k === "XFA") a["/XFA"] = "(<xdp:xdp/>)";
      if (k === "CO") a["/CO"] = [R(d.base.sigField)];
    });
    if (k === "field") {
      const n = d.alloc();
      d.set(n, { "/FT": "/Tx", "/T": "(Name)", "/V": "(Mallory)" });
      appendField(d, R(n));
    }
    d.note(`acroform ${k}`);
  },
  names: (d) => {
    const k = d.rng.pick(["JavaScript", "Dests", "EmbeddedFilesAdd", "EmbeddedFilesReorder", "AP"]);
    const cat = d.dict(d.base.root);
    const names: Dict = typeof cat["/Names"] === "string" ? d.dict(refNum(cat["/Names"])) : { ...((cat["/Names"] as Dict) ?? {}) };
    if (k === "JavaScript") {
      const js = d.alloc();
      d.set(js, { "/S": "/JavaScript", "/JS": "(app.alert\\('x'\\))" });
      names["/JavaScript"] = { "/Names": ["(a)", R(js)] };
    }
    if (k === "Dests") names["/Dests"] = { "/Names": ["(d)", [R(d.base.pages[0]!.num), "/Fit"]] };
    if (k === "AP") names["/AP"] = { "/Names": ["(x)", appearance(d)] };
    if (k.startsWith("EmbeddedFiles")) {
      const ef = typeof names["/EmbeddedFiles"] === "string" ? d.dict(refNum(names["/EmbeddedFiles"])) : { ...(names["/EmbeddedFiles"] as Dict) };
      const arr = [...(ef["/Names"] as J[])];
      if (k === "EmbeddedFilesAdd") {
        const s = d.alloc();
        d.setStream(s, { "/Type": "/EmbeddedFile" }, "extra");
        const fs = d.alloc();
        d.set(fs, { "/Type": "/Filespec", "/F": "(zz_extra.txt)", "/UF": "(zz_extra.txt)", "/EF": { "/F": R(s) } });
        arr.push("(zz_extra.txt)", R(fs));
      } else {
        const pairs: J[][] = [];
        for (let i = 0; i < arr.length; i += 2) pairs.push([arr[i]!, arr[i + 1]!]);
        arr.splice(0, arr.length, ...pairs.reverse().flat());
      }
      ef["/Names"] = arr;
      if (typeof names["/EmbeddedFiles"] === "string") d.set(refNum(names["/EmbeddedFiles"]), ef);
      else names["/EmbeddedFiles"] = ef;
    }
    if (typeof cat["/Names"] === "string") d.set(refNum(cat["/Names"]), names);
    else catalog(d, (c) => (c["/Names"] = names));
    d.note(`names ${k}`);
  },
  dss: addDss,
  "attachment-data": (d) => attachment(d, "data"),
  attachment: (d) => attachment(d, d.rng.pick(["data", "same-data-other-filter", "filespec-name", "filespec-ef"])),
};

function attachment(d: Draft, k: string): void {
  const e = d.rng.pick(d.base.embeddedFiles);
  if (k === "data" || k === "same-data-other-filter") {
    const old = streamData(d.base, e.stream);
    const data = k === "data" ? Buffer.concat([old.subarray(0, old.length - 1), Buffer.from("!")]) : old;
    d.setStream(e.stream, d.dict(e.stream), new Uint8Array(data), k === "same-data-other-filter" ? !d.rng.chance(0.5) : d.rng.chance(0.5));
  }
  if (k === "filespec-name") {
    const v = d.dict(e.filespec);
    v["/UF"] = "(renamed.jwt)";
    d.set(e.filespec, v);
  }
  if (k === "filespec-ef") {
    const s = d.alloc();
    d.setStream(s, { "/Type": "/EmbeddedFile" }, "replaced");
    const v = d.dict(e.filespec);
    v["/EF"] = { ...(v["/EF"] as Dict), "/UF": R(s), "/F": d.rng.chance(0.5) ? R(s) : (v["/EF"] as Dict)["/F"]! };
    d.set(e.filespec, v);
  }
  d.note(`attachment ${e.name} ${k}`);
}

const MORE: Record<string, Mutator> = {
  "catalog-entry": (d) => {
    const k = d.rng.pick([
      "OCProperties",
      "OpenAction",
      "Outlines",
      "Metadata",
      "PageMode",
      "ViewerPreferences",
      "PageLabels",
      "AA",
      "Lang",
      "URI",
      "Collection",
    ]);
    catalog(d, (c) => {
      if (k === "OCProperties") {
        const ocg = d.alloc();
        d.set(ocg, { "/Type": "/OCG", "/Name": "(Layer)" });
        c["/OCProperties"] = { "/OCGs": [R(ocg)], "/D": { "/OFF": [R(ocg)], "/Order": [R(ocg)] } };
      }
      if (k === "OpenAction")
        c["/OpenAction"] = d.rng.chance(0.5) ? { "/S": "/JavaScript", "/JS": "(app.alert\\(1\\))" } : [R(d.base.pages.at(-1)!.num), "/Fit"];
      if (k === "Outlines") {
        const o = d.alloc();
        const i = d.alloc();
        d.set(i, { "/Title": "(Husleje 1 kr)", "/Parent": R(o), "/Dest": [R(d.base.pages[0]!.num), "/Fit"] });
        d.set(o, { "/Type": "/Outlines", "/First": R(i), "/Last": R(i), "/Count": 1 });
        c["/Outlines"] = R(o);
      }
      if (k === "Metadata") {
        const m = d.alloc();
        d.setStream(m, { "/Type": "/Metadata", "/Subtype": "/XML" }, '<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"/><?xpacket end="w"?>');
        c["/Metadata"] = R(m);
      }
      if (k === "PageMode") c["/PageMode"] = "/UseAttachments";
      if (k === "ViewerPreferences") c["/ViewerPreferences"] = { "/DisplayDocTitle": true };
      if (k === "PageLabels") c["/PageLabels"] = { "/Nums": [0, { "/S": "/r" }] };
      if (k === "AA") c["/AA"] = { "/WC": { "/S": "/JavaScript", "/JS": "(1)" } };
      if (k === "Lang") c["/Lang"] = "(da-DK)";
      if (k === "URI") c["/URI"] = { "/Base": "(http://example.com/)" };
      if (k === "Collection") c["/Collection"] = { "/View": "/D" };
    });
    d.note(`catalog /${k}`);
  },
  info: (d) => {
    if (d.base.info === null) return;
    const v = d.dict(d.base.info);
    v[d.rng.pick(["/Title", "/Author", "/Subject", "/ModDate", "/Producer"])] = "(Husleje 1 kr)";
    d.set(d.base.info, v);
    d.note("info changed");
  },
  "dss-context": (d) => {
    // A /DSS (or a VRI in it) that reaches an object the pages use, through /P, /Parent or directly, and
    // that object's stream data changed in the same update.
    const p = page(d);
    const content = d.rng.pick(p.contents);
    const via = d.rng.pick(["Certs", "P", "Parent", "VRI-P", "OCSPs", "CRLs"]);
    const target = via === "Certs" || via === "OCSPs" || via === "CRLs" ? R(content) : R(p.num);
    const dss: Dict = {};
    if (via === "Certs" || via === "OCSPs" || via === "CRLs") dss[`/${via}`] = [target];
    else if (via === "VRI-P") dss["/VRI"] = { [`/${"B".repeat(40)}`]: { "/P": target } };
    else dss[`/${via}`] = target;
    const n = d.alloc();
    d.set(n, dss);
    catalog(d, (c) => (c["/DSS"] = R(n)));
    const data = streamData(d.base, content).toString("latin1");
    d.setStream(
      content,
      d.dict(content),
      data.replace(/\d/, (x) => String((Number(x) + 1) % 10)),
    );
    d.note(`dss reaches page ${p.num} via ${via}, content ${content} changed`);
  },
  "free-entry": (d) => {
    const p = page(d);
    const victims = [
      ...p.fonts,
      ...p.contents,
      ...d.base.embeddedFiles.flatMap((e) => [e.filespec, e.stream]),
      d.base.sigField,
      ...(d.base.info === null ? [] : [d.base.info]),
    ];
    const v = d.rng.pick(victims);
    d.free.push({ num: v, gen: d.rng.pick([0, 1, 65535]) });
    d.note(`object ${v} freed`);
  },
  "ref-to-free": (d) => {
    // A reference to an object number that is free (or never listed), placed where a reader looks.
    const num = d.alloc();
    d.free.push({ num, gen: 1 });
    const p = page(d);
    const pg = d.dict(p.num);
    const k = d.rng.pick(["Annots", "Contents", "Resources", "Rotate"]);
    if (k === "Annots") pg["/Annots"] = [...((pg["/Annots"] as J[]) ?? []), R(num)];
    else if (k === "Contents") pg["/Contents"] = Array.isArray(pg["/Contents"]) ? [...pg["/Contents"], R(num)] : [pg["/Contents"]!, R(num)];
    else pg[`/${k}`] = R(num);
    d.set(p.num, pg);
    d.note(`page ${p.num} /${k} refers to free ${num}`);
  },
  "redefine-same": (d) => {
    const p = page(d);
    const num = d.rng.pick([p.num, d.base.root, d.base.sigField, ...p.fonts]);
    d.set(num, d.dict(num));
    d.note(`object ${num} redefined unchanged`);
  },
  "generation-change": (d) => {
    const p = page(d);
    const num = d.rng.pick([...p.fonts, ...p.contents, ...d.base.embeddedFiles.map((e) => e.stream)]);
    const o = d.base.objects[`obj:${num} 0 R`]!;
    if (o.stream) d.setStream(num, d.dict(num), streamData(d.base, num));
    else d.set(num, d.dict(num));
    const obj = d.objects.get(num)!;
    const g = d.rng.pick([1, 2]);
    obj.gen = d.rng.chance(0.5) ? g : 0;
    obj.xrefGen = g;
    d.note(`object ${num} redefined as generation ${g} (written ${obj.gen})`);
  },
  shadow: (d) => {
    // One object defined twice in one update: at top level (listed by the table) and in an object stream
    // (listed by the xref stream); which one a reader takes decides what it shows.
    const p = page(d);
    const target = d.rng.pick(["page", "font", "catalog"]);
    const num = target === "page" ? p.num : target === "font" && p.fonts.length ? p.fonts[0]! : d.base.root;
    const v = d.dict(num);
    d.set(num, v);
    const other = structuredClone(v);
    if (target === "page") other["/Rotate"] = 180;
    else if (target === "font") other["/BaseFont"] = "/Courier";
    else other["/OpenAction"] = { "/S": "/JavaScript", "/JS": "(1)" };
    const o = d.objects.get(num)!;
    if (d.rng.chance(0.5)) o.shadow = pdf(other);
    else {
      o.shadow = o.body;
      o.body = pdf(other);
    }
    d.note(`object ${num} (${target}) defined twice: top level and in an object stream`);
  },
  unlisted: (d) => {
    const p = page(d);
    const num = d.rng.pick(p.contents);
    d.setStream(num, d.dict(num), "q 1 0 0 rg 0 0 595 842 re f Q");
    d.objects.get(num)!.unlisted = true;
    d.note(`content ${num} appended without an xref entry`);
  },
};

const MUTATORS: Record<string, Mutator> = { ...FIRST, ...MORE };
export const MUTATOR_NAMES = Object.keys(MUTATORS);

export interface Case {
  seed: number;
  base: string;
  mutations: string[];
  notes: string[];
  updates: { xref: XrefKind; objStm: boolean; syntax: UpdateSpec["syntax"] }[];
  bytes: Uint8Array;
}

/** The case for `seed` on `base`: the same seed always gives the same bytes. */
export function makeCase(base: Base, seed: number, only?: string[], exact = false): Case {
  const rng = new Rng(seed);
  const names = only ?? Array.from({ length: 1 + rng.int(3) }, () => rng.pick(MUTATOR_NAMES));
  // `exact`: only the mutations named, in one update (the oracle's own controls).
  const withDss = !exact && rng.chance(0.5);
  const twoUpdates = !exact && rng.chance(0.25);
  let bytes = base.bytes;
  const updates: Case["updates"] = [];
  const notes: string[] = [];
  let firstFree = base.size;
  const groups: Mutator[][] = twoUpdates
    ? [withDss ? [addDss] : [], names.map((n) => MUTATORS[n]!)]
    : [[...(withDss ? [addDss] : []), ...names.map((n) => MUTATORS[n]!)]];
  if (twoUpdates && rng.chance(0.5)) groups.reverse();
  for (const group of groups) {
    if (!group.length) continue;
    const d = new Draft(base, rng, firstFree);
    for (const m of group) m(d);
    if (!d.objects.size && !d.free.length) continue;
    const shadowed = [...d.objects.values()].some((o) => o.shadow !== undefined);
    const kind = shadowed ? rng.pick(["hybrid", "hybrid", "stream"] as const) : rng.pick(["table", "table", "stream", "hybrid"] as const);
    const objStm = kind !== "table" && rng.chance(0.4);
    if (objStm) for (const o of d.objects.values()) if (!o.stream && !o.unlisted && !o.gen) o.inObjStm = true;
    const syntax = exact ? {} : { comments: rng.chance(0.2), crlf: rng.chance(0.2), spaces: rng.chance(0.2), singleSubsections: rng.chance(0.2) };
    // Numbers above the allocated ones are taken by the object stream and the xref stream the writer adds.
    bytes = appendUpdate(bytes, {
      objects: [...d.objects.values()].map(({ json: _json, ...o }) => o),
      free: d.free,
      xref: kind,
      syntax,
      ...(d.trailer !== undefined ? { trailer: d.trailer } : {}),
    });
    firstFree = d.allocated + 2;
    updates.push({ xref: kind, objStm, syntax });
    notes.push(...d.notes);
  }
  return { seed, base: base.name, mutations: [...(withDss ? ["dss"] : []), ...names], notes, updates, bytes };
}

// The disagreements the oracle found, each rebuilt as a small, deterministic fixture (test/fixtures/oracle/):
// one update (or two) on a sealed archive that sealcheck called TOTAL-PASSED while qpdf or poppler show
// something else than the sealed revision. `npm run fuzz -- --oracle-fixtures` writes them;
// test/oracle/findings.test.ts requires each not to be TOTAL-PASSED.
import type { Base, BaseName, Dict } from "./bases.js";
import { addDss, Draft, Rng } from "./mutations.js";
import { appendUpdate, type UpdateSpec } from "./writer.js";

export interface OracleFixture {
  name: string;
  base: BaseName;
  /** One line: the update, and what the readers show differently. */
  description: string;
  build(base: Base): Uint8Array;
}

const R = (n: number) => `${n} 0 R`;

function write(d: Draft, bytes: Uint8Array, xref: UpdateSpec["xref"], syntax: UpdateSpec["syntax"] = {}): Uint8Array {
  return appendUpdate(bytes, {
    objects: [...d.objects.values()].map(({ json: _json, ...o }) => o),
    free: d.free,
    xref,
    syntax,
    ...(d.trailer !== undefined ? { trailer: d.trailer } : {}),
  });
}

/** Page 1's first content stream replaced by a red page, written after the update's objects without an xref entry. */
function unlistedRedPage(d: Draft): void {
  const num = d.base.pages[0]!.contents[0]!;
  d.setStream(num, d.dict(num), "q 1 0 0 rg 0 0 595 842 re f Q BT /F1 40 Tf 100 400 Td (VOID) Tj ET");
  d.objects.get(num)!.unlisted = true;
}

/** A signature widget whose /V says /DocTimeStamp (no real timestamp), only in page 1's /Annots. */
function fakeDocTimestampInAnnots(d: Draft, flags: string, rect: string, withAppearance: boolean): void {
  const p = d.base.pages[0]!;
  const v = d.alloc();
  d.set(v, {
    "/Type": "/DocTimeStamp",
    "/Filter": "/Adobe.PPKLite",
    "/SubFilter": "/ETSI.RFC3161",
    "/ByteRange": [0, 100, 200, 300],
    "/Contents": `b:30${"00".repeat(63)}`,
  });
  const w: Dict = { "/FT": "/Sig", "/T": "u:Signature2", "/V": R(v), "/Type": "/Annot", "/Subtype": "/Widget", "/Rect": rect, "/F": flags, "/P": R(p.num) };
  if (withAppearance) {
    const ap = d.alloc();
    d.setStream(
      ap,
      {
        "/Type": "/XObject",
        "/Subtype": "/Form",
        "/BBox": [0, 0, 300, 40],
        "/Resources": { "/Font": { "/Helv": { "/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Helvetica" } } },
      },
      "1 1 1 rg 0 0 300 40 re f 0 g BT /Helv 14 Tf 4 12 Td (Husleje: 1 kr. pr. maaned) Tj ET",
    );
    w["/AP"] = { "/N": R(ap) };
  }
  const f = d.alloc();
  d.set(f, w);
  const page = d.dict(p.num);
  page["/Annots"] = [...((page["/Annots"] as string[]) ?? []), R(f)];
  d.set(p.num, page);
}

function draft(base: Base): Draft {
  return new Draft(base, new Rng(1), base.size);
}

function withDss(base: Base): Draft {
  const d = draft(base);
  addDss(d);
  return d;
}

export const ORACLE_FIXTURES: OracleFixture[] = [
  {
    name: "xref-comment-unlisted-content",
    base: "sample",
    description:
      "A /DSS update whose xref table has a comment line after `xref`, and page 1's content redefined without an xref entry: qpdf cannot parse the table, rebuilds it by scanning and shows the new (red) page; poppler shows the sealed page.",
    build(base) {
      const d = withDss(base);
      unlistedRedPage(d);
      return write(d, base.bytes, "table", { comments: true });
    },
  },
  {
    name: "xref-comment-unlisted-content-broker",
    base: "broker",
    description:
      "The broker's archive: an update redefining page 1's first font unchanged, its xref table with a comment line after `xref`, and page 1's content redefined without an xref entry: qpdf rebuilds the table by scanning and shows the new page.",
    build(base) {
      const d = draft(base);
      const font = base.pages[0]!.fonts[0]!;
      d.set(font, d.dict(font));
      unlistedRedPage(d);
      return write(d, base.bytes, "table", { comments: true });
    },
  },
  {
    name: "xref-empty-table-unlisted-content",
    base: "sample",
    description:
      "An update whose xref table has no entries at all (`xref` then `trailer`), after page 1's content redefined without an xref entry: qpdf takes the empty table for damage, rebuilds by scanning and shows the new page.",
    build(base) {
      const d = draft(base);
      unlistedRedPage(d);
      return write(d, base.bytes, "table");
    },
  },
  {
    name: "xref-empty-table-unlisted-content-broker",
    base: "broker",
    description: "As xref-empty-table-unlisted-content, on the broker's real archive.",
    build(base) {
      const d = draft(base);
      unlistedRedPage(d);
      return write(d, base.bytes, "table");
    },
  },
  {
    name: "doctimestamp-annots-only-f-real",
    base: "sample",
    description:
      "A /DocTimeStamp-looking signature widget (no real timestamp) only in page 1's /Annots, /F 2.0 (a real), /Rect [400 740 100 700], with an appearance: poppler draws 'Husleje: 1 kr.' over page 1 and pdfsig lists an extra, invalid Signature2.",
    build(base) {
      const d = withDss(base);
      fakeDocTimestampInAnnots(d, "2.0", "[400 740 100 700]", true);
      return write(d, base.bytes, "table");
    },
  },
  {
    name: "doctimestamp-annots-only-f-2pow32-broker",
    base: "broker",
    description:
      "The broker's archive: a /DocTimeStamp-looking widget only in page 1's /Annots, /F 4294967298 (2^32+2), /Rect [400 740 100 700], with an appearance: poppler draws it over page 1, pdfsig lists an invalid Signature2.",
    build(base) {
      const d = draft(base);
      fakeDocTimestampInAnnots(d, "4294967298", "[400 740 100 700]", true);
      return write(d, base.bytes, "table");
    },
  },
  {
    name: "doctimestamp-annots-only-f-negative",
    base: "sample",
    description:
      "A /DocTimeStamp-looking widget only in page 1's /Annots, /F -4, /Rect [100 700 400 740], with an appearance: poppler draws it over page 1, pdfsig lists an invalid Signature2.",
    build(base) {
      const d = withDss(base);
      fakeDocTimestampInAnnots(d, "-4", "[100 700 400 740]", true);
      return write(d, base.bytes, "stream");
    },
  },
  {
    name: "doctimestamp-annots-only-noview-print",
    base: "sample",
    description:
      "A /DocTimeStamp-looking widget only in page 1's /Annots, /F 36 (NoView|Print), /Rect [100 700 400 740], with an appearance: not on screen but printed; qpdf's page and pdfsig (an invalid Signature2) differ.",
    build(base) {
      const d = withDss(base);
      fakeDocTimestampInAnnots(d, "36", "[100 700 400 740]", true);
      return write(d, base.bytes, "table");
    },
  },
  {
    name: "doctimestamp-annots-only-invisible-broker",
    base: "broker",
    description:
      "The broker's archive: an invisible (/Rect [0 0 0 0], /F 132) signature widget whose /V is a /DocTimeStamp with garbage /Contents, only in page 1's /Annots: pdfsig lists an extra signature Signature2 that is no timestamp.",
    build(base) {
      const d = draft(base);
      fakeDocTimestampInAnnots(d, "132", "[0 0 0 0]", false);
      return write(d, base.bytes, "table");
    },
  },
  {
    name: "catalog-metadata-added",
    base: "sample",
    description:
      "A /DSS update that also gives the catalog an XMP /Metadata stream: qpdf's catalog tree differs (readers show XMP in the document properties).",
    build(base) {
      const d = withDss(base);
      const m = d.alloc();
      d.setStream(
        m,
        { "/Type": "/Metadata", "/Subtype": "/XML" },
        '<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:title>Husleje 1 kr</dc:title></x:xmpmeta><?xpacket end="w"?>',
      );
      const c = d.dict(base.root);
      c["/Metadata"] = R(m);
      d.set(base.root, c);
      return write(d, base.bytes, "table");
    },
  },
  {
    name: "acroform-sigflags-0",
    base: "sample",
    description: "A /DSS update that sets /AcroForm /SigFlags 0 (no signatures exist): qpdf's catalog tree differs.",
    build(base) {
      const d = withDss(base);
      const a = d.dict(base.acroForm!);
      a["/SigFlags"] = 0;
      d.set(base.acroForm!, a);
      return write(d, base.bytes, "table");
    },
  },
  {
    name: "trailer-new-root-broker",
    base: "broker",
    description:
      "Identity: the broker's archive with an update whose trailer /Root names a copy of the catalog under a new number; the seal's /Reference /Data still names the old one: qpdf's tree no longer reaches the catalog from the seal.",
    build(base) {
      const d = draft(base);
      const n = d.alloc();
      d.set(n, d.dict(base.root));
      const id = /\/ID\s*\[[^\]]*\]/.exec(Buffer.from(base.bytes.subarray(-2048)).toString("latin1"))?.[0] ?? "";
      d.trailer = `/Root ${R(n)} /Info ${R(base.info!)} ${id}`;
      return write(d, base.bytes, "table");
    },
  },
  {
    name: "acroform-dr-changed",
    base: "sample",
    description:
      "Policy: a /DSS update that gives /AcroForm a /DR (Helv as Courier), no /NeedAppearances: qpdf's catalog tree differs; test/checks/modifications.test.ts allows this as LTV.",
    build(base) {
      const d = withDss(base);
      const a = d.dict(base.acroForm!);
      a["/DR"] = { "/Font": { "/Helv": { "/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Courier" } } };
      d.set(base.acroForm!, a);
      return write(d, base.bytes, "table");
    },
  },
  {
    name: "acroform-da-added-broker",
    base: "broker",
    description: "Policy: the broker's archive with /AcroForm /DA added (no /NeedAppearances): qpdf's catalog tree differs.",
    build(base) {
      const d = draft(base);
      const a = d.dict(base.acroForm!);
      a["/DA"] = "(/Helv 0 Tf 0 g)";
      d.set(base.acroForm!, a);
      return write(d, base.bytes, "table");
    },
  },
];

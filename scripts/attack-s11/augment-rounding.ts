// A5: augment rewrites page 1's dictionary (to add its widget to a direct /Annots) through its writer, which writes a
// real with toFixed(6) (src/augment/writer.ts numberText). A page whose /MediaBox has more decimals (LibreOffice
// writes A4 as [0 0 595.303937007874 841.889763779528]; the broker's merger copies it) comes out changed in
// augment's own update, and augment's verification of its result then judges its own update a modification.
//   npx tsx scripts/attack-s11/augment-rounding.ts <mode>
// modes: honest (page 1 is [0 0 595.2756 841.8898], four decimals, as the broker's real archive); libreoffice.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { writeFileSync } from "node:fs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { createOcspResponse } from "../generator/ocsp.js";
import { startTsa } from "../generator/servers.js";
import { buildWorkflowEvidence, evidenceAttachments } from "../generator/index.js";
import { preparePades, sealPrepared } from "../generator/pdf.js";
import { pki, save, show, verify, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "libreoffice";
const sizes: Record<string, [number, number]> = { honest: [595.2756, 841.8898], libreoffice: [595.303937007874, 841.889763779528] };
const size = sizes[mode];
if (!size) throw new Error(`mode: ${Object.keys(sizes).join("|")}, not ${mode}`);

async function original(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage(size);
  page.setFont(font);
  ["Lejekontrakt", "", "Husleje: 9.500 kr. pr. maaned"].forEach((l, i) => page.drawText(l, { x: 60, y: 760 - i * 22, size: i === 0 ? 20 : 12 }));
  return doc.save({ useObjectStreams: false });
}

const P = pki();
const e = await buildWorkflowEvidence({ pki: P });
const prepared = await preparePades({ originals: [await original(), ...e.originals.slice(1).map((o) => o.bytes)], attachments: evidenceAttachments(e) });
const dir = work(`s11-augment-rounding-${mode}`);
const file = save(dir, "archive.pdf", sealPrepared(prepared, P));
console.log(`wrote ${file} (${mode}: page 1 /MediaBox [0 0 ${size.join(" ")}])`);
show(mode, verify(file, [], ""));
const current = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date(Date.now() - 3600_000) });
writeFileSync(`${dir}/tsa.ocsp`, current);
const tsa = await startTsa(P.tsa);
try {
  const r = await promisify(execFile)(
    "node",
    ["dist/cli/main.js", "augment", file, "--out", `${dir}/renewed.pdf`, "--tsa", tsa.url, "--trust", "samples/trust", "--ocsp", `${dir}/tsa.ocsp`],
    { encoding: "utf8" },
  ).then(
    (x) => ({ status: 0, out: `${x.stdout}${x.stderr}` }),
    (x: { code?: number; stdout?: string; stderr?: string }) => ({ status: x.code ?? -1, out: `${x.stdout ?? ""}${x.stderr ?? ""}` }),
  );
  console.log(`== sealcheck augment: exit ${r.status}: ${r.out.trim().split("\n").slice(0, 4).join(" | ").slice(0, 700)}`);
  if (r.status === 0) show("renewed", verify(`${dir}/renewed.pdf`, [], ""));
} finally {
  await tsa.close();
}

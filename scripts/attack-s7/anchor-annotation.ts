// X1c: attack-s5c X1's class through a *page's* attachment: the forger's root shipped not in the catalog's
// /Names /EmbeddedFiles tree but as a FileAttachment annotation on the last page (ISO 32000-1 §12.5.6.15).
// pdfdetach lists and saves it (poppler walks every page's FileAttachment annotations), a viewer shows a
// paper-clip on the page; carried-certificates.ts `embeddedParts` reads only the name tree.
// The archive is the generator's, sealed by the forger (the foreign root's seal path is irrelevant here: the
// point is whether the trust-anchors check names the anchor the auditor took from the file). The annotation is
// part of the sealed revision (added to the generator's document before it is saved).
// uf: a name-tree attachment "ca-root.pem" whose /EF /F is one line of text and /EF /UF the root: pdf.js (Firefox)
// gives /UF (pickPlatformItem: UF first), poppler and sealcheck /F.
//   npx tsx scripts/attack-s7/anchor-annotation.ts [annot|uf|honest]
// honest: the same root as a name-tree attachment "ca-root.pem" (attack-s5b C1, fixed: named).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pki, save, tool, verify, work } from "../attack36/lib.js";
import { archiveWithRoot } from "./lib.js";

const mode = process.argv[2] ?? "annot";
if (!["annot", "uf", "honest"].includes(mode)) throw new Error(`mode: annot|uf|honest, not ${mode}`);
const P = pki();
const rootPem = readFileSync("samples/pki/foreignRoot.pem", "latin1");
const { pdf, originals } = await archiveWithRoot(mode as "annot" | "uf" | "honest");
const dir = work(`s7-x1c-${mode}`);
const file = save(dir, "archive.pdf", pdf);
mkdirSync(join(dir, "originals"));
for (const o of originals) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
console.log(`wrote ${file} (${mode})`);
console.log("== pdfdetach -list:\n" + tool("pdfdetach", ["-list", file]));
mkdirSync(join(dir, "det"));
tool("pdfdetach", ["-saveall", "-o", join(dir, "det"), file]);
tool("node", ["dist/cli/main.js", "extract", file, join(dir, "out")]);
const rootFile = join(dir, "det", "ca-root.pem");
console.log(
  `pdfdetach saved ca-root.pem: ${readFileSync(rootFile, "latin1") === rootPem ? "the foreign root, byte for byte" : JSON.stringify(readFileSync(rootFile, "latin1"))}`,
);
// uf: pdf.js (Firefox's attachment panel; core/file_spec.js pickPlatformItem: UF, F, Unix, Mac, DOS) gives /EF /UF.
const given = mode === "uf" ? join(dir, "uf-ca-root.pem") : rootFile;
if (mode === "uf") writeFileSync(given, rootPem);
const v = verify(file, ["--trust", given], join(dir, "originals"));
const ta = v.report.checks.find((c) => c.id === "trust-anchors");
const P2 = P as unknown as { foreignRoot: { der: Uint8Array } };
const sha = createHash("sha256").update(P2.foreignRoot.der).digest("hex").toUpperCase();
console.log(
  `== sealcheck verify --trust samples/trust --trust ${mode === "uf" ? "the /UF ca-root.pem" : "det/ca-root.pem"}: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`,
);
console.log(`   trust-anchors: ${ta?.status ?? "(no remark)"}; names the root (SHA-256 ${sha.slice(0, 16)}…): ${ta?.message.includes(sha) ? "yes" : "NO"}`);
console.log(`   message: ${ta?.message ?? ""}`);

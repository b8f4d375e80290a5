// a23: pdf.js's attachments of a file: name, length and the SHA-256 of the bytes it hands out (Firefox's attachment
// pane saves these). Run with the judges' node_modules: node scripts/attack-s18/attachments.mjs file.pdf
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
const require = createRequire(`${process.env.JUDGES ?? "/tmp/a16w/judges"}/package.json`);
// The judges' pdf.js, not a dependency of this package (a name knip does not take for an import).
const pdfjs = await import(require.resolve(["pdfjs-dist", "legacy/build/pdf.mjs"].join("/")));
const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(process.argv[2])), verbosity: 0 }).promise;
const att = (await doc.getAttachments()) ?? {};
console.log(
  Object.entries(att)
    .map(([k, v]) => `${k} ${v.content.length} ${createHash("sha256").update(v.content).digest("hex").slice(0, 12)}`)
    .join("; "),
);

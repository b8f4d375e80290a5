// attack-s5 W2: a name from the changed file is quoted with an allow-list. W1c's fix escaped the ASCII `"` only,
// so a lookalike (U+02BA ʺ, U+201C/U+201D, U+FF02, ...) closed the quotation as a reader sees it and the rest read
// as the statement's own prose. Now every character outside letters, digits, the space and a few punctuation
// marks is shown as an escape, in the JSON, the text report, `--summary` and the HTML statement alike (they all
// show the one message `quotedName` makes). The file is scripts/attack-s5/words-lookalike-quote.ts's.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quotedName } from "../../src/checks/modifications/reader.js";
import { quoteName } from "../../src/report/quoted-name.js";
import { renderArchiveHtml, renderArchiveHuman, renderArchiveSummary, verifyArchive } from "../../src/index.js";
import { appendRaw, forgedRent, streamBody, streamData, type RawObject } from "../../scripts/attack-s4/raw.js";
import { check, tempDir, trustDirectory } from "../helpers/fixtures.js";

describe("quotedName: an allow-list (attack-s5 W2)", () => {
  it("shows letters, digits, the space and harmless punctuation as themselves", () => {
    expect(quotedName("topmostSubform[0].Page1[0].Name_1-a")).toBe('"topmostSubform[0].Page1[0].Name_1-a"');
    expect(quotedName("Ærø Straße Łódź (2)")).toBe('"Ærø Straße Łódź (2)"');
  });

  it("a8 W4: letters outside Latin-1 and Latin Extended-A are escaped too (some are drawn as quotation marks)", () => {
    // U+A78C LATIN SMALL LETTER SALTILLO and U+A78B (Ll/Lu), U+141F CANADIAN SYLLABICS FINAL ACUTE and U+05F2
    // HEBREW LIGATURE YIDDISH DOUBLE YOD (Lo): letters by category, a quote or a prime on the page.
    for (const [c, hex] of [
      ["\uA78C", "A78C"],
      ["\uA78B", "A78B"],
      ["\u141F", "141F"],
      ["\u05F2", "05F2"],
      ["\u65E5", "65E5"],
    ])
      expect(quotedName(`Sig1${c}${c}`)).toBe(`"Sig1\\u{${hex}}\\u{${hex}}"`);
    expect(quotedName("\u00D7\u00F7")).toBe('"\\u{00D7}\\u{00F7}"'); // × and ÷: not letters
  });

  it("escapes every lookalike quotation mark, bidi control and other character outside the set", () => {
    const cases: [string, string][] = [
      ["\u02BA", "\\u{02BA}"], // MODIFIER LETTER DOUBLE PRIME (a letter, Lm, but not quotable)
      ["\u02DD", "\\u{02DD}"],
      ["\u201C", "\\u{201C}"],
      ["\u201D", "\\u{201D}"],
      ["\uFF02", "\\u{FF02}"],
      ["\u3003", "\\u{3003}"],
      ["\u202E", "\\u{202E}"], // RIGHT-TO-LEFT OVERRIDE
      ["\u2066", "\\u{2066}"], // LEFT-TO-RIGHT ISOLATE
      ["\u200F", "\\u{200F}"],
      ["'", "\\u{0027}"],
      ["`", "\\u{0060}"],
      ["\n", "\\u{000A}"],
      ["\u{1F600}", "\\u{1F600}"],
      ['"', '\\"'],
      ["\\", "\\\\"],
    ];
    for (const [c, shown] of cases) expect(quotedName(`a${c}b`)).toBe(`"a${shown}b"`);
  });

  it("cuts at 40 characters, visibly", () => {
    expect(quotedName("x".repeat(41))).toBe(`"${"x".repeat(40)}…"`);
    expect(quotedName("x".repeat(40))).toBe(`"${"x".repeat(40)}"`);
  });
});

describe("W2 end to end: a field renamed with a lookalike quote", () => {
  // samples/valid/archive.pdf plus one revision: page 1's content (object 5) with the rent made "1 kr." and the
  // seal's widget (object 23) renamed so that, unescaped, the name reads as sealcheck's own words.
  const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
  const archive = (q: string) => {
    const name = `Sig1${q} (page 1 was only reflowed); ${q}Sig1`;
    const utf16 = Buffer.from(`\uFEFF${name}`, "utf16le").swap16().toString("hex").toUpperCase();
    const objects: RawObject[] = [
      { num: 5, body: streamBody("", forgedRent(streamData(base, 5))) },
      { num: 23, body: `<< /F 132 /FT /Sig /P 6 0 R /Rect [ 0 0 0 0 ] /Subtype /Widget /T <${utf16}> /Type /Annot /V 22 0 R >>` },
    ];
    const file = join(tempDir("sealcheck-w2-"), "archive.pdf");
    writeFileSync(file, appendRaw(base, objects, "/Root 2 0 R /Info 3 0 R"));
    return file;
  };

  for (const q of ["\u02BA", "\u201D", "\uFF02"]) {
    it(`U+${q.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}: escaped in the JSON, the text, --summary and the HTML statement`, async () => {
      const r = await verifyArchive({ evidence: archive(q), originals: ["samples/valid/originals"], trust: [trustDirectory()] });
      expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
      const escaped = `"Sig1\\u{${q.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}} (page 1 was only reflowed); \\u{`;
      const mods = check(r, "seal-modifications");
      expect(mods.message).toContain(escaped);
      // The name stays data where it is data (details.field, the seal's field); in words it is never quoted as itself.
      const prose = [...r.checks.map((c) => c.message), ...(r.pdfSignatures ?? []).map((p) => p.message), String(mods.details?.summary)];
      for (const m of prose) expect(m).not.toContain(q);
      for (const shown of [renderArchiveHuman(r, { colour: false }), renderArchiveSummary(r, { colour: false }), renderArchiveHtml(r)]) {
        expect(shown).not.toMatch(new RegExp(`("|&quot;|“)Sig1${q}`));
        expect(shown).toContain("\\u{");
      }
      // trust-anchors names where an anchor is carried with the same quoting (the seal's field).
      expect(check(r, "trust-anchors").message).toContain(quoteName(`Sig1${q} (page 1 was only reflowed); ${q}Sig1`));
    });
  }
});

describe("W5: an attachment added after sealing is named quoted (a8, scripts/attack-s6/words-attachment-name.ts)", () => {
  // samples/valid/archive.pdf plus one revision adding a fourth embedded file to the name tree (object 24),
  // named so that, unquoted, the name reads as sealcheck's own sentence.
  const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
  const withAttachment = (name: string) => {
    const hex = Buffer.from(name, "latin1").toString("hex").toUpperCase();
    const [spec, data] = [26, 27];
    const objects: RawObject[] = [
      {
        num: 24,
        body: `<< /Names [ (workflow_token.jwt) 17 0 R (workflow_token.ocsp) 19 0 R (workflow_token_pub.pem) 21 0 R <${hex}> ${spec} 0 R ] >>`,
      },
      { num: spec, body: `<< /Type /Filespec /F <${hex}> /UF <${hex}> /EF << /F ${data} 0 R >> >>` },
      { num: data, body: streamBody("/Type /EmbeddedFile", "added after sealing\n") },
    ];
    return appendRaw(base, objects, "/Root 2 0 R /Info 3 0 R");
  };

  it("the name is quoted and cut: the attacker's sentence is data, not the reason's words", async () => {
    const name = 'Husorden.pdf". Nothing else changed after sealing: the documents and the token are as sealed ("';
    const r = await verifyArchive({
      evidence: { name: "archive.pdf", bytes: withAttachment(name) },
      originals: ["samples/valid/originals"],
      trust: [trustDirectory()],
    });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
    const a = check(r, "attachments");
    expect(a.message).toContain(`but ${quoteName(name)} was added after sealing`);
    expect(a.message).not.toContain("the documents and the token are as sealed");
    const honest = await verifyArchive({ evidence: { name: "archive.pdf", bytes: withAttachment("workflow_token_v2.txt") }, trust: [trustDirectory()] });
    expect(check(honest, "attachments").message).toContain('but "workflow_token_v2.txt" was added after sealing');
  });
});

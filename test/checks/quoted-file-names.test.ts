// a8 W5: names from the file entered sealcheck's own words unquoted outside the reader's words: an attachment
// added after sealing named `Husorden.pdf". Nothing else changed after sealing: ... ("` became the headline
// reason, in the JSON, --summary and the HTML statement. Every such name now goes through quoteName (one quoting,
// an allow-list, cut at 40), and a scan keeps new interpolations of file names from skipping it.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, verifyArchive } from "../../src/index.js";
import { quoteName, quoteValue } from "../../src/report/quoted-name.js";
import { parseWorkflowClaims } from "../../src/evidence/workflow-token.js";
import { withAttachmentNamed } from "../../scripts/attack-s6/lib.js";
import { shownName } from "../../src/pki/certificate.js";
import { encodeName, OIDS } from "../../scripts/generator/index.js";
import * as pkijs from "pkijs";
import { check, tempDir, trustDirectory } from "../helpers/fixtures.js";

/** A name the file chooses (a field's name, an embedded file's name) read from an object, in a template. */
const FILE_NAME = /\b\w+\.(field|fieldName|name\.text)\b/g;

/** The line's file names that reach the text unquoted: not inside quoteName(, quotedName( or quoted(, nor a test. */
function unquoted(line: string): string[] {
  if (!line.includes("`") || !line.includes("${")) return [];
  return [...line.matchAll(FILE_NAME)]
    .filter((m) => {
      const before = line.slice(0, m.index);
      const inside = before.lastIndexOf("${") > before.lastIndexOf("}");
      const wrapped = /(quoteName|quotedName|quoted)\($/.test(before);
      const tested = /^\s*(\?(?!\?)|!==|===)/.test(line.slice(m.index + m[0].length));
      return inside && !wrapped && !tested;
    })
    .map((m) => m[0]);
}

describe("names from the file in sealcheck's words (a8 W5)", () => {
  it("no message template in src/ (outside the PDF reader's own errors) interpolates a file's name without quoteName", () => {
    const dirs = ["checks", "evidence", "verify", "augment", "render", "inspect", "batch"];
    const offenders: string[] = [];
    for (const d of dirs)
      for (const f of readdirSync(join("src", d), { recursive: true }) as string[]) {
        if (!f.endsWith(".ts")) continue;
        readFileSync(join("src", d, f), "utf8")
          .split("\n")
          .forEach((line, i) => {
            if (unquoted(line).length) offenders.push(`src/${d}/${f}:${i + 1}: ${line.trim()}`);
          });
      }
    expect(offenders).toEqual([]);
  });

  it("an attachment added after sealing with a sentence for a name: the name stays quoted and cut in the reason", async () => {
    const name = 'Husorden.pdf". Nothing else changed after sealing: the documents and the token are as sealed ("';
    const file = join(tempDir("sealcheck-w5-"), "archive.pdf");
    writeFileSync(file, await withAttachmentNamed(new Uint8Array(readFileSync("samples/valid/archive.pdf")), name));
    const r = await verifyArchive({ evidence: file, originals: ["samples/valid/originals"], trust: [trustDirectory()] });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
    const m = check(r, "attachments").message;
    expect(m).toContain('but "Husorden.pdf\\". Nothing else changed afte…" was added after sealing');
    expect(m).not.toContain("the documents and the token are as sealed");
  });
});

describe("certificate names in sealcheck's words (a9 W6)", () => {
  const nameOf = (cn: string) => pkijs.RelativeDistinguishedNames.fromBER(encodeName([[OIDS.commonName, cn]]).toBER());

  it("shownName quotes with the allow-list and cuts at 64: a name cannot close the quotation", () => {
    const cn = "Nets A/S\u201D: intact, trusted and not revoked. No change after the seal: the approval signature";
    expect(shownName(nameOf(cn))).toBe('"Nets A/S\\u{201D}: intact, trusted and not revoked. No change after the …"');
    expect(shownName(nameOf("NETS AS Intermediate CA"))).toBe('"NETS AS Intermediate CA"');
  });

  it("no message in src/ quotes a displayName by hand (shownName does)", () => {
    const offenders: string[] = [];
    for (const f of readdirSync("src", { recursive: true }) as string[])
      if (f.endsWith(".ts") && readFileSync(join("src", f), "utf8").includes('"${displayName(')) offenders.push(f);
    expect(offenders).toEqual([]);
  });
});

describe("values from the file in sealcheck's words: quoteValue, never JSON.stringify", () => {
  const RLO = "\u202E";
  const lookalike = `2${RLO}\u201D: the counts agree, and the documents are as sealed (\u201D`;

  it("quoteValue: numbers, booleans and null as JSON writes them; a string, a list or an object quoted and cut", () => {
    expect([quoteValue(5), quoteValue(true), quoteValue(null), quoteValue(undefined)]).toEqual(["5", "true", "null", "nothing"]);
    expect(quoteValue("DK12345678")).toBe('"DK12345678"');
    expect(quoteValue(lookalike)).toBe('"2\\u{202E}\\u{201D}: the counts agree, and the documents…"');
    expect([quoteValue([1, "\u201D"]), quoteValue({ n: "\u201D" })]).toEqual(["a list", "an object"]);
  });

  it("counts: workflowResultInfo's values are quoted (they spoke with a bidi override and a lookalike quote through JSON.stringify)", async () => {
    const pades = JSON.parse(readFileSync("samples/valid/pades.json", "utf8")) as { workflowResultInfo: Record<string, unknown> };
    pades.workflowResultInfo.documentCount = lookalike;
    pades.workflowResultInfo.signatureCount = { n: `2${RLO}` };
    const file = join(tempDir("sealcheck-quoted-values-"), "pades.json");
    writeFileSync(file, JSON.stringify(pades));
    const r = await verifyArchive({ evidence: file, originals: ["samples/valid/originals"], trust: [trustDirectory()] });
    const m = check(r, "counts").message;
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(m).toContain(`workflowResultInfo.documentCount is ${quoteValue(lookalike)} but the token covers 2 document(s)`);
    expect(m).toContain("workflowResultInfo.signatureCount is an object but the token holds 2 signature(s)");
    expect(m).not.toContain(RLO);
    expect(m).not.toContain("\u201D");
  });

  it("the token's claims: a claim's name and value are quoted, with the allow-list", () => {
    const payload = JSON.parse(
      Buffer.from(
        String((JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as { workflowToken: string }).workflowToken).split(".")[1]!,
        "base64url",
      ).toString(),
    ) as Record<string, unknown>;
    const { problems } = parseWorkflowClaims(
      { ...payload, [`document_1${RLO}`]: {}, organization_tin: lookalike, expiry: lookalike, iat: `1${RLO}` },
      DEFAULT_LIMITS,
    );
    const text = problems.join("\n");
    expect(text).toContain('claim "document_1\\u{202E}" is not numbered as document_N');
    expect(text).toContain(`claim "organization_tin" is not an organisation number ("DK" and 8 digits) (${quoteName(lookalike, 60)})`);
    expect(text).toContain(`claim "expiry" must be a decimal number in a string, found ${quoteValue(lookalike)}`);
    expect(text).toContain('found "1\\u{202E}"');
    expect(text).toContain(`claim "aud" ("DK`);
    expect(text).not.toContain(RLO);
    expect(text).not.toContain("\u201D");
  });

  it("a claim that is not JSON: JSON.parse's copy of its text is left out, the character it stopped at quoted", () => {
    const { problems } = parseWorkflowClaims({ document_1: `x${RLO}: every document matched`, signature_1: "{}" }, DEFAULT_LIMITS);
    expect(problems).toContain('claim "document_1" is not valid JSON (unexpected character "x")');
    expect(problems.join("\n")).not.toContain(RLO);
    // V8's own words (no text of the input) are kept.
    const unfinished = parseWorkflowClaims({ document_1: '{"title":"a"', signature_1: "{}" }, DEFAULT_LIMITS).problems.join("\n");
    expect(unfinished).toMatch(/claim "document_1" is not valid JSON \(Expected ',' or '\}' after property value in JSON at position 12/);
  });

  it("no message template in src/ shows a value through JSON.stringify (quoteValue and quoteName quote, with the allow-list)", () => {
    // Not words from the file: the pool's boot module is code; the caller's own options are named as given.
    const ALLOWED = new Set(["src/batch/pool.ts", "src/verify/session.ts", "src/batch/verify-many.ts"]);
    const dirs = ["checks", "evidence", "verify", "augment", "render", "inspect", "batch"];
    const offenders: string[] = [];
    for (const d of dirs)
      for (const f of readdirSync(join("src", d), { recursive: true }) as string[]) {
        const path = `src/${d}/${f}`;
        if (!f.endsWith(".ts") || ALLOWED.has(path)) continue;
        readFileSync(path, "utf8")
          .split("\n")
          .forEach((line, i) => {
            if (/\$\{JSON\.stringify\(/.test(line)) offenders.push(`${path}:${i + 1}: ${line.trim()}`);
          });
      }
    expect(offenders).toEqual([]);
  });
});

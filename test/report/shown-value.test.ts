// a14 A1: a forged root's name, padded with U+2800 (blank to the eye, no space to the wrapper), wrapped into lines at
// the report's field indent: "SHA-256 <the published fingerprint>", "Decides the seal" under its own heading. Names
// shown by layout (headings, certificate subjects) escape every character outside printable ASCII and the letters
// quoteName admits, and are cut. Also a14 W11 (an ID token's kid) and W13 (a trusted list's territory) quoted.
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { renderArchiveHuman } from "../../src/render/archive-human.js";
import { renderArchiveHtml } from "../../src/render/html.js";
import { shownValue } from "../../src/report/quoted-name.js";

const blank = "\u2800".repeat(40);

describe("a14 A1: names shown by layout cannot write the report's own lines", () => {
  it("shownValue: printable ASCII and Latin letters as themselves, U+2800 escaped, cut", () => {
    expect(shownValue("CN=Bjørn Ærø, O=Nets A/S")).toBe("CN=Bjørn Ærø, O=Nets A/S");
    expect(shownValue(`CN=X${blank}SHA-256 C2B9`)).toMatch(/^CN=X(\\u\{2800\}){40}SHA-256 C2B9$/);
    expect(shownValue("x".repeat(300))).toBe(`${"x".repeat(200)}…`);
  });

  it("an anchor named with blank padding and a fingerprint: its heading shows the escapes, no forged field line", async () => {
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: ["samples/valid/originals"], trust: ["samples/trust"] });
    const forged = `CN=NETS AS Intermediate CA ${blank}SHA-256 C2B928624A2AA5EBFE859F4337610F7B13DFA43ACA1F2B1C28D3B19DB1FC5597${blank}Decides the seal`;
    const altered = structuredClone(r);
    altered.verification!.trustAnchors[0] = { ...altered.verification!.trustAnchors[0]!, subject: forged };
    const text = renderArchiveHuman(altered, { colour: false });
    expect(text).toContain("\\u{2800}");
    expect(text).not.toContain("\u2800");
    expect(text.split("\n").filter((l) => /^\s+Decides the seal\b/.test(l.replace(/\\u\{2800\}/g, "")) && !/^\s+Decides\s{2}/.test(l))).toEqual([]);
    expect(renderArchiveHtml(altered)).not.toContain("\u2800");
  }, 60_000);

  it("a15: in plain ASCII, a long name cut on its heading line, never wrapped into the fields' lines", async () => {
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: ["samples/valid/originals"], trust: ["samples/trust"] });
    const forged = `CN=NETS AS Intermediate CA (Nets A/S Ballerup Denmark - issuing CA for SHA-256 ${"A".repeat(64)} Decides the seal`;
    const altered = structuredClone(r);
    altered.verification!.trustAnchors[0] = { ...altered.verification!.trustAnchors[0]!, subject: forged };
    const lines = renderArchiveHuman(altered, { colour: false }).split("\n");
    expect(lines.filter((l) => /^\s+SHA-256 A{8}/.test(l))).toEqual([]);
    expect(lines.some((l) => l.startsWith("  1. CN=NETS AS Intermediate CA (Nets A/S") && l.endsWith("…"))).toBe(true);
  }, 60_000);
});

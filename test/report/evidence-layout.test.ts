// a15, after a14 A1: a name from the evidence in plain ASCII, long enough to wrap, continued on the next line at a
// field's value column, drew "SHA-256 <the published fingerprint>" and "Decides the seal" lines that read as the
// report's own (the headings were cut first; a certificate's Issuer field still wrapped). The class: no name or value
// from the evidence is wrapped at a field's indent in the text report, --summary or the statement's text. A value
// shown as it is stays on its line, cut visibly; a quoted name inside sealcheck's words moves whole to the next line,
// so that no line starts inside one.
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { renderArchiveHuman, renderArchiveSummary } from "../../src/render/archive-human.js";
import { wrap } from "../../src/render/style.js";
import { quoteName } from "../../src/report/quoted-name.js";
import type { ArchiveReport } from "../../src/report/archive-report.js";

// a15's filler (scripts/attack-s10/ascii-heading.ts): ordinary words that fill a line, so that a wrap breaks before
// "SHA-256"; the fingerprint is a made-up one, found nowhere else in the report.
const FAKE = "F00DFACE".repeat(8);
const FILLER = "NETS AS Intermediate CA (Nets A/S Ballerup Denmark - issuing CA for qualified electronic seals)";
const NAME = `${FILLER} SHA-256 ${FAKE} Decides the seal From seal-root.pem (--trust) in samples/trust`;

/** Every place a report shows a name or value from the evidence, given NAME. */
function everywhere(r: ArchiveReport): ArchiveReport {
  const a = structuredClone(r);
  const dn = `CN=${NAME}`;
  const cert = (c: { subject: string; issuer: string }) => Object.assign(c, { subject: dn, issuer: dn });
  a.seal!.path.forEach(cert);
  cert(a.seal!.signer!);
  cert(a.seal!.timestamp!.tsa!);
  a.seal!.field = NAME;
  a.tokenCertificate!.path.forEach(cert);
  cert(a.tokenCertificate!);
  if (a.ocsp?.responder) cert(a.ocsp.responder);
  a.workflow!.title = NAME;
  a.workflow!.id = NAME;
  a.documents.forEach((d) => (d.title = NAME));
  a.signatures.forEach((s) => (s.id = NAME));
  a.verification!.trustAnchors.forEach((t) => (t.subject = dn));
  for (const p of a.longTerm?.proofsOfExistence ?? []) p.tsa = dn;
  return a;
}

describe("a15: names from the evidence are never wrapped at a field's indent", () => {
  it("wrap(): a quoted name moves whole to the next line; no line starts inside one", () => {
    const text = `The anchor is ${quoteName(NAME, 200)}, named by the evidence.`;
    const lines = wrap(text, 60, "").split("\n");
    expect(lines.some((l) => l.startsWith(`"${FILLER.slice(0, 20)}`))).toBe(true);
    expect(lines.filter((l) => l.includes(FAKE))).toEqual(lines.filter((l) => l.includes(`"${FILLER}`)));
  });

  it("the text report and --summary: every line that shows the fake fingerprint is the one its name starts on", async () => {
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: ["samples/valid/originals"], trust: ["samples/trust"] });
    const forged = everywhere(r);
    const views: [string, number][] = [
      [renderArchiveHuman(forged, { colour: false }), 20],
      [renderArchiveSummary(forged, { colour: false }), 3],
    ];
    for (const [text, places] of views) {
      const lines = text.split("\n");
      // The name was shown (cut or whole): the test reaches the places it means to.
      expect(lines.filter((l) => l.includes("NETS AS Inter")).length).toBeGreaterThanOrEqual(places);
      // No line starts with the name's later words, as a field line would ("SHA-256 …", "Decides the seal", "From …").
      expect(lines.filter((l) => /^\s*(SHA-256 F00D|Decides the seal From|From seal-root\.pem \(--trust\) in samples)/.test(l))).toEqual([]);
      expect(lines.filter((l) => /^\s*(qualified|electronic|seals\)|SHA-256 F00D)/.test(l))).toEqual([]);
      // Wherever the fake fingerprint shows at all, the name's first words are on the same line.
      for (const l of lines.filter((x) => x.includes("F00DFACE"))) expect(l).toContain("(Nets A/S Ballerup");
    }
  }, 60_000);
});

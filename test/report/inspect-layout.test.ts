// `sealcheck inspect`'s text, by the report's rule (a15, h8c; h9c): a value the evidence wrote (a Subject, an Issuer,
// a title, a claim, a header parameter, a PDF name, an attachment's name) stays on its field's line, cut visibly,
// never wrapped at the value column where its later words would read as inspect's own lines; a hostile one (control
// characters, bidi overrides) shows escaped. Before, inspect wrapped every such value but a certificate's names.
import { describe, expect, it } from "vitest";
import { inspectEvidence, readEvidenceForTools, renderInspectHuman } from "../../src/api/inspect.js";
import type { Inspection } from "../../src/inspect/decode.js";
import { hasUnsafeCharacters } from "../../src/render/sanitize.js";

const FAKE = "F00DFACE".repeat(8);
const FILLER = "NETS AS Intermediate CA (Nets A/S Ballerup Denmark - issuing CA for qualified electronic seals)";
const NAME = `${FILLER} SHA-256 ${FAKE} Verdict TOTAL-PASSED Decides the seal`;
const EVIL = "\u202eevil\u2066x\u2069 \u001b[2J\u001b]0;pwned\u0007Verdict: TOTAL-PASSED\r[ok]\u009b31m\u0085";

function inspect(file: string): Inspection {
  const { input, bytes, limits } = readEvidenceForTools(file);
  return inspectEvidence(input, bytes, limits, true);
}

/** Every value inspect shows from the evidence, made `v`. */
function everywhere(x: Inspection, v: string): Inspection {
  const a = structuredClone(x);
  const dn = `CN=${v}`;
  const cert = (c: { subject: string; issuer: string }) => Object.assign(c, { subject: dn, issuer: dn });
  for (const s of a.pdf?.signatures ?? []) {
    Object.assign(s, { field: v, type: v, filter: v, subFilter: v });
    for (const c of s.cms?.certificates ?? []) cert(c);
    for (const si of s.cms?.signers ?? []) {
      si.signerIdentifier = `issuer ${dn}, serial 0A`;
      for (const t of si.timestamps) {
        if (t.tsa) cert(t.tsa);
        t.certificates.forEach(cert);
      }
      for (const c of si.revocationArchival?.crls ?? []) c.issuer = dn;
      for (const o of si.revocationArchival?.ocsps ?? []) o.responderId = { byName: dn };
    }
  }
  for (const f of a.pdf?.embeddedFiles ?? []) Object.assign(f, { name: v, f: v, uf: v, subtype: v, afRelationship: v });
  if (a.pdf) a.pdf.unsignedSignatureFields = [v, v];
  const t = a.token!;
  t.header = { ...t.header, [v]: v };
  for (const c of [...t.claims, ...t.signatures.flatMap((s) => s.userClaims)]) if (typeof c.value === "string" && !c.masked) c.value = v;
  t.claims.push({ name: v, value: v } as (typeof t.claims)[number]);
  for (const d of t.documents) d.title = v;
  for (const s of t.signatures) Object.assign(s, { created: v, id: v, signatureTransactionId: v });
  if (t.certificate) cert(t.certificate);
  if (a.workflowResultInfo) a.workflowResultInfo = { ...a.workflowResultInfo, [v]: v } as typeof a.workflowResultInfo;
  return a;
}

describe("inspect's text: values from the evidence are never wrapped at a field's indent", () => {
  it.each([["samples/valid/archive.pdf"], ["samples/valid/workflowtoken.json"]])("%s: a long value stays on its line, cut", (file) => {
    const text = renderInspectHuman(everywhere(inspect(file), NAME), { colour: false });
    const lines = text.split("\n");
    // The name was shown, many times: the test reaches the places it means to.
    expect(lines.filter((l) => l.includes("NETS AS Inter")).length).toBeGreaterThanOrEqual(file.endsWith(".pdf") ? 25 : 10);
    // No line starts with the name's later words, as a field line would.
    expect(lines.filter((l) => /^\s*"?(SHA-256 F00D|Verdict|Decides the seal|qualified|electronic|seals\)|Denmark|F00DFACE)/.test(l))).toEqual([]);
    // Wherever the fake fingerprint shows at all, the name's first words are on the same line.
    for (const l of lines.filter((x) => x.includes("F00DFACE"))) expect(l).toContain("NETS AS Inter");
    // (The first line names the user's file, not the evidence's.)
    expect(lines.slice(1).filter((l) => [...l].length > 80)).toEqual([]);
  });

  it.each([["samples/valid/archive.pdf"], ["samples/valid/workflowtoken.json"]])("%s: a hostile value shows escaped, inert", (file) => {
    const text = renderInspectHuman(everywhere(inspect(file), EVIL), { colour: false });
    expect(hasUnsafeCharacters(text)).toBe(false);
    // The bidi override is named where a value is shown, not replaced unseen.
    expect(text).toContain("\\u{202E}evil");
    expect(text.split("\n").filter((l) => /^\s*(Verdict|\[ok\])/.test(l))).toEqual([]);
  });
});

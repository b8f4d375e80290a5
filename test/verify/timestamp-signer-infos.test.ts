// a19 T1: a timestamp token's signerInfos lies outside every signature. A broken copy of the TSA's SignerInfo put
// first failed a genuine archive (TOTAL-FAILED/SIG_CRYPTO_FAILURE; EU DSS refuses such a token and passes at a lower
// level), and a copy put last still proved a time EU DSS does not accept. A token with other than one SignerInfo
// proves no time: not decided, never failed; since a20 T2 a warning while the seal's own timestamp proves it (as if absent).
import * as asn1js from "asn1js";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lastGap, withLastContents } from "../../scripts/attack-s8/lib.js";
import { setElements, signedDataFields } from "../../scripts/attack-s9/lib.js";
import { encode, raw, seq } from "../../scripts/generator/der.js";
import { verifyArchive } from "../../src/index.js";
import { derChildren, readTlv } from "../../src/pki/der.js";
import { check, trustDirectory } from "../helpers/fixtures.js";

const kids = (b: Uint8Array) => {
  const t = readTlv(b, 0, b.length)!;
  return derChildren(b, t.body, t.end)!.map((x) => b.subarray(x.start, x.end));
};

/** The token with a second SignerInfo: the TSA's own with its last signature byte flipped, first or last. */
function twoSigners(token: Uint8Array, brokenFirst: boolean): Uint8Array {
  const f = signedDataFields(token);
  const tsa = setElements(f.fields.at(-1)!)[0]!;
  const p = kids(tsa);
  const at = p.at(-1)![0] === 0x04 ? p.length - 1 : p.length - 2;
  const sig = Uint8Array.from(p[at]!);
  sig[sig.length - 1] = sig[sig.length - 1]! ^ 0x01;
  const broken = encode(seq(...p.map((x, i) => raw(i === at ? sig : x))));
  const signers = brokenFirst ? [broken, tsa] : [tsa, Uint8Array.from(tsa)];
  f.fields[f.fields.length - 1] = encode(new asn1js.Set({ value: signers.map(raw) }));
  return f.rebuild(f.fields);
}

describe("a19 T1: a document timestamp token with two SignerInfos", () => {
  it.each([
    ["a broken copy first", true],
    ["a copy last", false],
  ])(
    "%s: proves no time, not decided, never FAILED",
    async (_, first) => {
      const pdf = new Uint8Array(readFileSync("samples/lta/archive.pdf"));
      const bytes = withLastContents(pdf, twoSigners(lastGap(pdf).der, first));
      const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes }, trust: [trustDirectory()] });
      // As if absent (a20 T2): the seal's own timestamp proves it, the token is named in a warning, no B-LTA from it.
      expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-LT"]);
      const item = r.pdfSignatures.find((p) => p.kind === "documentTimestamp")!;
      expect([item.status, item.subIndication, item.details.provesNothing]).toEqual(["indeterminate", "FORMAT_FAILURE", true]);
      const c = check(r, "document-timestamps");
      expect([c.status, c.subIndication]).toEqual(["warning", null]);
      expect(c.message).toMatch(/prove no time .*holds 2 SignerInfos; a timestamp token has exactly one/);
    },
    60_000,
  );
});

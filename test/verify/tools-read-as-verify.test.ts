// inspect and extract read a CMS as verify does (decodeSignedData, cms-unsigned.ts on a limit; the TSTInfo by
// TST_INFO_DECODING within the limits): a file verify reads never crashes them or reads differently there. inspect
// decoded a timestamp token's TSTInfo with pkijs on its own, without the limits and leniently (trailing bytes
// read), so it showed a genTime where verify said the token is malformed.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { describe, expect, it } from "vitest";
import { mapUnsignedAttribute, withCmsField } from "../../scripts/attack-s8/lib.js";
import { minimalSigner, withSigners } from "../../scripts/attack-s9/lib.js";
import { sealGap, withSealContents } from "../../scripts/attack36/lib.js";
import { extractEvidence } from "../../src/inspect/extract.js";
import { inspectEvidence, inspectTimestamp } from "../../src/inspect/decode.js";
import { readEvidenceForTools } from "../../src/inspect/open.js";
import { decodeSignedData, timestampTokens } from "../../src/pki/cms.js";
import { pkiSession } from "../../src/pki/session.js";
import { verifyTimestamp } from "../../src/pki/timestamp.js";
import { tempDir } from "../helpers/fixtures.js";

const REAL = "test/fixtures/real/broker-example/archive.pdf";
const real = () => new Uint8Array(readFileSync(REAL));
const TOKEN = "1.2.840.113549.1.9.16.2.14";
const berDeep = (n: number) => Uint8Array.from([...Array.from({ length: n }, () => [0x30, 0x80]).flat(), ...new Array<number>(2 * n).fill(0)]);

/** The real seal's signature timestamp token with two zero bytes after its TSTInfo, inside the eContent OCTET STRING. */
function tokenWithTrailingTstBytes(): Uint8Array {
  const S = pkiSession();
  const token = timestampTokens(decodeSignedData(sealGap(real()).der, "the seal", S, true).signedData.signerInfos[0]!)[0]!;
  const ci = pkijs.ContentInfo.fromBER(token.slice());
  const sd = new pkijs.SignedData({ schema: ci.content });
  const tst = new Uint8Array(sd.encapContentInfo.eContent!.getValue());
  sd.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: Uint8Array.from([...tst, 0, 0]) });
  return new Uint8Array(new pkijs.ContentInfo({ contentType: ci.contentType, content: sd.toSchema(true) }).toSchema().toBER(false));
}

describe("inspect and extract read a CMS as verify reads it", () => {
  it("a TSTInfo followed by bytes inside its OCTET STRING: inspect names verify's reason, shows no genTime (was shown)", async () => {
    const token = tokenWithTrailingTstBytes();
    const S = pkiSession();
    const v = await verifyTimestamp(token, new Uint8Array(), { anchors: [], intermediates: [] }, null, S);
    expect(v.judgement.message).toMatch(/malformed: the TSTInfo has 2 unexpected bytes after its DER value/);
    const i = inspectTimestamp(token, S);
    expect(i.genTime).toBeUndefined();
    expect(i.problems).toEqual([expect.stringMatching(/the TSTInfo has 2 unexpected bytes after its DER value/)]);
  });

  const variants: [string, (cms: Uint8Array) => Uint8Array][] = [
    ["70 nested indefinite SEQUENCEs among the seal CMS's CRLs", (cms) => withCmsField(cms, 0xa1, [berDeep(70)])],
    ["the same in its signature timestamp token's CRLs", (cms) => mapUnsignedAttribute(cms, TOKEN, (t) => withCmsField(t, 0xa1, [berDeep(70)]))],
    ["a minimal SignerInfo after the broker's", (cms) => withSigners(cms, [minimalSigner(cms)], false)],
  ];
  for (const [label, change] of variants) {
    it(`${label}: inspect and extract read it, the same timestamp and certificates as the genuine file`, () => {
      const file = join(tempDir("sealcheck-tools-"), "archive.pdf");
      const pdf = real();
      writeFileSync(file, withSealContents(pdf, change(sealGap(pdf).der)));
      const { input, bytes, limits } = readEvidenceForTools(file);
      const inspected = inspectEvidence(input, bytes, limits);
      const genuine = readEvidenceForTools(REAL);
      const honest = inspectEvidence(genuine.input, genuine.bytes, genuine.limits);
      const ts = (x: typeof inspected) => JSON.stringify(x).match(/"genTime":"[^"]+"/g);
      expect(ts(inspected)).toEqual(ts(honest));
      const names = (f: string) =>
        extractEvidence(readEvidenceForTools(f).input, limits)
          .files.map((x) => x.name)
          .filter((n) => /timestamp|archived|certificate/.test(n))
          .sort();
      expect(names(file)).toEqual(names(REAL));
    }, 60_000);
  }
});

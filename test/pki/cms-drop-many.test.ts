// a13 D3c: dropUndecodable tried each element of a CMS's unsigned certificate and CRL sets alone with pkijs's schema
// once the SignedData was refused (~1.8 ms an element, unbounded: 20,000 in a document timestamp's token took 52 s)
// and named them all. Now one linear walk of the framing leaves out what has the outline of none of the set's
// choices (no pkijs schema), pkijs tries only the others, and those it refuses count against maxValidationDataItems;
// the names kept are capped at 100 with a count.
import { readFileSync } from "node:fs";
import * as pkijs from "pkijs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sealGap } from "../../scripts/attack36/lib.js";
import { withCmsField } from "../../scripts/attack-s8/lib.js";
import { LimitError } from "../../src/errors.js";
import { DEFAULT_LIMITS } from "../../src/limits.js";
import { decodeSignedData } from "../../src/pki/cms.js";
import { pkiSession } from "../../src/pki/session.js";

const seal = () => sealGap(readFileSync("samples/valid/archive.pdf")).der;
const many = (n: number, el: number[]) => Array.from({ length: n }, () => Uint8Array.from(el));
// [2] { INTEGER 0 }: a v2AttrCert of no attribute certificate's outline (a13's junk, 5 bytes).
const attrJunk = [0xa2, 0x03, 0x02, 0x01, 0x00];
// SEQUENCE { SEQUENCE {}, SEQUENCE {}, BIT STRING }: a CRL's first tags, no CRL any reader reads.
const crlShaped = [0x30, 0x07, 0x30, 0x00, 0x30, 0x00, 0x03, 0x01, 0x00];
// A CertificateList of BouncyCastle's outline whose one entry is SEQUENCE {}: pkijs refuses it.
const bcOutlineCrl = [
  ...Buffer.from("30363022300b06092a864886f70d01010b3000170d3235313230383038333633385a30023000300b06092a864886f70d01010b0303000102", "hex"),
];

describe("a13 D3c: junk in a CMS's unsigned sets is found in one linear pass, bounded", () => {
  afterEach(() => vi.restoreAllMocks());

  it("5,000 elements of no choice's outline: left out without a pkijs schema each, counted, 100 named", () => {
    const spy = vi.spyOn(pkijs.CertificateSet.prototype, "fromSchema");
    const d = decodeSignedData(withCmsField(seal(), 0xa0, many(5000, attrJunk)), "the seal", pkiSession());
    expect(d.ignoredCount).toBe(5000);
    expect(d.ignored).toHaveLength(100);
    expect(d.ignored![0]).toMatch(/^certificates \[\d+\]: has the outline of no CertificateChoices \(tag 0xa2\)/);
    expect(d.certificates.length).toBeGreaterThan(0);
    expect(spy.mock.calls.length).toBeLessThan(10); // was one per element
  });

  it("junk of a CRL's first tags: left out in the same pass, uncounted, however many", () => {
    const S = pkiSession({ maxValidationDataItems: 50 });
    const d = decodeSignedData(withCmsField(seal(), 0xa1, many(1000, crlShaped)), "the seal", S);
    expect(d.ignoredCount).toBe(1000);
    expect(d.ignored![0]).toMatch(/has the outline of no CertificateList a reader reads/);
  });

  it("elements of a choice's outline that pkijs refuses: tried, and past maxValidationDataItems not decided (a LimitError)", () => {
    const S = pkiSession({ maxValidationDataItems: 50 });
    const within = decodeSignedData(withCmsField(seal(), 0xa1, many(50, bcOutlineCrl)), "the seal", S);
    expect(within.ignoredCount).toBe(50);
    expect(within.unreadCrls).toHaveLength(50); // a reader may read them: not "nothing"
    expect(() => decodeSignedData(withCmsField(seal(), 0xa1, many(51, bcOutlineCrl)), "the seal", S)).toThrow(LimitError);
    expect(() => decodeSignedData(withCmsField(seal(), 0xa1, many(51, bcOutlineCrl)), "the seal", S)).toThrow(/maxValidationDataItems/);
    expect(DEFAULT_LIMITS.maxValidationDataItems).toBe(1000);
  });
});

// Each CRL is decoded once per run (a11 D2d): the session's pool keeps 64 decoded CRLs, and past that every CRL read
// (the delta-CRL look-up reads every CRL of the evidence) decoded all the others again: quadratic (200 junk CRLs in a
// DSS: 39.9 s, now 2.7 s). The run keeps what it decoded by the bytes' identity, as the OCSP responses'.
import { describe, expect, it } from "vitest";
import { decodeCrl } from "../../src/pki/crl.js";
import { pkiSession } from "../../src/pki/session.js";
import { createCrl } from "../../scripts/generator/index.js";
import { testPki } from "../helpers/fixtures.js";

const P = testPki();
const crls = Array.from({ length: 70 }, (_, i) =>
  createCrl({
    issuer: P.sealRoot,
    number: i + 1,
    thisUpdate: new Date(Date.UTC(2025, 11, 8, 0, 0, i)),
    nextUpdate: new Date(Date.UTC(2025, 11, 15)),
    revoked: [],
  }),
);

describe("the CRL decode cache of a run", () => {
  it("70 CRLs, more than the session's pool keeps: each decoded once in the run (the same object when asked again)", () => {
    const run = pkiSession().forRun();
    const first = crls.map((der) => decodeCrl(der, run));
    const again = crls.map((der) => decodeCrl(der, run));
    again.forEach((d, i) => expect(d).toBe(first[i]));
  });

  it("within lower limits a CRL is not taken from the run: refused as a first decode would be", () => {
    const run = pkiSession().forRun();
    const der = crls[1]!;
    decodeCrl(der, run);
    expect(() => decodeCrl(der, run.within({ ...run.limits, maxAsn1Depth: 2 }))).toThrow(/maxAsn1Depth|nesting/);
  });
});

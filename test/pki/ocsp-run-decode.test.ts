// Each OCSP response is decoded once per run (issue 36, hs6b's note): the session's pool keeps 64 decoded responses
// by content, a DSS may hold 1,000, and every question about a certificate at a time read every item again, so a
// flood of responses was decoded once per question (~2 s of 7 s at 500×500). The run (RunWork) now keeps what it
// decoded by the bytes' identity, within a bound, and a decode within lower limits is not taken from it.
import { describe, expect, it } from "vitest";
import { decodeOcsp } from "../../src/pki/ocsp.js";
import { pkiSession } from "../../src/pki/session.js";
import { createOcspResponse } from "../../scripts/generator/index.js";
import { testPki } from "../helpers/fixtures.js";

const P = testPki();
const responses = Array.from({ length: 70 }, (_, i) =>
  createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date(Date.UTC(2025, 11, 8, 0, 0, i)) }),
);

describe("the OCSP decode cache of a run", () => {
  it("70 responses, more than the session's pool keeps: each decoded once in the run (the same object when asked again)", () => {
    const run = pkiSession().forRun();
    const first = responses.map((der) => decodeOcsp(der, run));
    const again = responses.map((der) => decodeOcsp(der, run));
    again.forEach((d, i) => expect(d).toBe(first[i]));
    expect(run.work.decodedBytes).toBe(responses.reduce((n, d) => n + d.length, 0));
  });

  it("a run of its own starts empty; the same bytes in another array are decoded again (identity, no hashing)", () => {
    const session = pkiSession();
    const a = session.forRun();
    const b = session.forRun();
    const der = responses[0]!;
    const one = decodeOcsp(der, a);
    expect(b.work.decodedBytes).toBe(0);
    expect(decodeOcsp(der, b).producedAt).toEqual(one.producedAt);
    expect(b.work.decodedBytes).toBe(der.length);
  });

  it("within lower limits a response is not taken from the run: refused as a first decode would be", () => {
    const run = pkiSession().forRun();
    const der = responses[1]!;
    decodeOcsp(der, run);
    expect(() => decodeOcsp(der, run.within({ ...run.limits, maxAsn1Nodes: 5 }))).toThrow(/maxAsn1Nodes/);
  });
});

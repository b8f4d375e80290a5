// One reading of a revocation item (src/pki/revocation.ts readItem): the broker profile's judgement at a
// caller's time and what the item states come from the same decoding and signature check, and what it states
// never depends on the time it is judged at (seal-certificate read every item twice before: once judged at the
// sealing time, once more for the rule's statement). Equal to readRevocation's reading, judged at any time.
import { describe, expect, it } from "vitest";
import { createCrl, createOcspResponse, issued, generateRsaKey, type TestPki } from "../../scripts/generator/index.js";
import { pkiSession } from "../../src/pki/session.js";
import { readItem, readRevocation } from "../../src/pki/revocation.js";
import { testPki } from "../helpers/fixtures.js";

const at = (iso: string) => new Date(iso);
const base = testPki();
const session = pkiSession();
const serialOf = (c: TestPki["seal"]) => new Uint8Array(c.cert.serialNumber.valueBlock.valueHexView);
const times = ["2025-12-01T00:00:00Z", "2025-12-09T00:00:00Z", "2026-03-01T00:00:00Z"].map(at);
const day = { thisUpdate: at("2025-12-09T00:00:00Z"), nextUpdate: at("2025-12-16T00:00:00Z"), number: 5 };

async function readings(kind: "ocsp" | "crl", der: Uint8Array) {
  const pool = [base.sealRoot.cert];
  const own = await readRevocation(session, { kind, der }, base.seal.cert, base.sealRoot.cert, pool, 60);
  const judged = await Promise.all(
    times.map((t) => readItem(session, { kind, der }, base.seal.cert, base.sealRoot.cert, pool, 60, undefined, { at: t, windowSeconds: 7 * 86_400 })),
  );
  return { own, judged };
}

describe("readItem: one reading, the same statement whenever it is judged", () => {
  const cases: [string, "ocsp" | "crl", () => Uint8Array, "not revoked" | "revoked" | "nothing"][] = [
    ["a CRL not listing the seal", "crl", () => createCrl({ issuer: base.sealRoot, ...day }), "not revoked"],
    [
      "a CRL listing the seal revoked at 2025-12-20",
      "crl",
      () => createCrl({ issuer: base.sealRoot, ...day, revoked: [{ serial: serialOf(base.seal), at: at("2025-12-20T00:00:00Z") }] }),
      "revoked",
    ],
    [
      "a CRL under the CA's name signed with another key",
      "crl",
      () => createCrl({ issuer: issued("sealRoot", base.sealRoot.der, generateRsaKey(2048)), ...day }),
      "nothing",
    ],
    [
      "a CRL whose nextUpdate is before its own thisUpdate",
      "crl",
      () => createCrl({ issuer: base.sealRoot, thisUpdate: day.thisUpdate, nextUpdate: at("2025-12-01T00:00:00Z"), number: 6 }),
      "nothing",
    ],
    [
      "an OCSP 'good'",
      "ocsp",
      () => createOcspResponse({ subject: base.seal, issuer: base.sealRoot, responder: base.sealRoot, producedAt: day.thisUpdate }),
      "not revoked",
    ],
    [
      "an OCSP 'revoked'",
      "ocsp",
      () =>
        createOcspResponse({
          subject: base.seal,
          issuer: base.sealRoot,
          responder: base.sealRoot,
          producedAt: day.thisUpdate,
          status: { revokedAt: at("2025-12-20T00:00:00Z") },
        }),
      "revoked",
    ],
  ];
  for (const [name, kind, make, says] of cases) {
    it(`${name}: ${says}, judged before, at and long after its date`, async () => {
      const { own, judged } = await readings(kind, make());
      for (const r of judged) {
        expect(r.statement).toEqual(own.statement);
        expect(r.about).toBe(own.about);
      }
      const s = own.statement;
      expect(s === null ? "nothing" : s.revokedAt ? "revoked" : "not revoked").toBe(says);
      // The judgements, unlike the statement, depend on the time (the profile's window and currency).
      const j = judged.map((r) => (kind === "ocsp" ? r.ocsp?.status.status : r.crl?.status));
      expect(j.every((x) => x !== undefined)).toBe(true);
    });
  }

  it("an unreadable item: an error, no statement", async () => {
    const r = await readItem(session, { kind: "crl", der: Uint8Array.of(0x30, 0x03, 0x02, 0x01) }, base.seal.cert, base.sealRoot.cert, [], 60);
    expect(r.statement).toBeNull();
    expect(r.error).toBeTruthy();
  });
});

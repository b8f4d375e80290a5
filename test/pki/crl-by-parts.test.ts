// CRLs by parts (entries walked by framing, only the matching one decoded) must give what pkijs gives for
// the whole CRL, refuse where it refuses, and hit the same limits; the seal's CMS with a real-size CRL and
// OCSP responses with many SingleResponses likewise. No timings here: the bench measures speed.
import { createHash } from "node:crypto";
import fc from "fast-check";
import * as pkijs from "pkijs";
import { describe, expect, it } from "vitest";
import { LimitError } from "../../src/api/internal.js";
import { DEFAULT_LIMITS } from "../../src/index.js";
import { DerPool } from "../../src/pki/kept.js";
import { EntryReader, crlByParts, crlWhole, decodeCrl, judgeCrl, type DecodedCrl } from "../../src/pki/crl.js";
import { readTlv } from "../../src/pki/der.js";
import { decodeSignedData, decodeSignedDataWhole, revocationArchival, signedDataByParts, timestampTokens, verifySigner } from "../../src/pki/cms.js";
import { basicResponseByParts, basicResponseWhole, decodeOcsp, judgeOcsp } from "../../src/pki/ocsp.js";
import {
  createSealCms,
  encode,
  enumerated,
  explicit,
  genTime,
  int,
  loadPki,
  octets,
  oid,
  raw,
  seq,
  bits,
  x509Time,
  sealRevocation,
  sha256,
  defaultScheme,
  signatureAlgorithm,
  signBytes,
  subjectNameDer,
  utcTime,
  nul,
  implicitConstructed,
  implicitPrimitive,
  type Asn1,
} from "../../scripts/generator/index.js";
import { dayCrl } from "../../scripts/bench/corpus.js";
import { pkiSession } from "../../src/pki/session.js";

const S = pkiSession();

const pki = loadPki("samples/pki");
const day = new Date("2025-12-08T00:00:00Z");

/** A CRL whose entries may carry extensions (reason code, invalidity date), built as a CA writes one. */
function crlWith(
  entries: { serial: Uint8Array; at: Date; reason?: number; generalized?: boolean }[],
  o: { version?: boolean; nextUpdate?: boolean } = {},
): Uint8Array {
  const scheme = defaultScheme(pki.sealRoot.key);
  const entry = (e: (typeof entries)[number]): Asn1 => {
    const ext = e.reason === undefined ? [] : [seq(seq(oid("2.5.29.21"), octets(encode(enumerated(e.reason)))))];
    return seq(int(e.serial), e.generalized ? genTime(e.at) : utcTime(e.at), ...ext);
  };
  const tbs = encode(
    seq(
      ...(o.version === false ? [] : [int(1)]),
      signatureAlgorithm(scheme),
      raw(subjectNameDer(pki.sealRoot)),
      x509Time(day),
      ...(o.nextUpdate === false ? [] : [x509Time(new Date(day.getTime() + 7 * 86400_000))]),
      ...(entries.length ? [seq(...entries.map(entry))] : []),
      explicit(0, seq(seq(oid("2.5.29.20"), octets(encode(int(7)))))),
    ),
  );
  return encode(seq(raw(tbs), signatureAlgorithm(scheme), bits(signBytes(pki.sealRoot.key, scheme, tbs))));
}

const serial = (n: number): Uint8Array => Uint8Array.from([0x10, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
const integer = (b: Uint8Array) => int(b) as unknown as import("asn1js").Integer;
const hexOf = (b: ArrayBuffer | Uint8Array): string => Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)).toString("hex");

/** Everything a check reads from a decoded CRL, as plain data. */
function view(d: DecodedCrl, serials: Uint8Array[]): unknown {
  const c = d.crl;
  return {
    tbs: hexOf(c.tbsView),
    version: c.version,
    issuer: c.issuer.toJSON(),
    signature: c.signature.toJSON(),
    thisUpdate: c.thisUpdate.value.toISOString(),
    nextUpdate: c.nextUpdate?.value.toISOString(),
    extensions: c.crlExtensions?.toJSON(),
    signatureAlgorithm: c.signatureAlgorithm.toJSON(),
    signatureValue: hexOf(c.signatureValue.valueBlock.valueHexView),
    entries: d.entries,
    lookups: serials.map((s) => d.entryFor(integer(s))?.toJSON() ?? null),
  };
}

function sameAsWhole(der: Uint8Array, serials: Uint8Array[]): void {
  const parts = crlByParts(der, S);
  expect(parts).not.toBeNull();
  expect(view(parts!, serials)).toEqual(view(crlWhole(der, S), serials));
}

describe("a CRL by parts gives what pkijs gives for the whole CRL", () => {
  it("a real-size CRL (3,400 entries): every field, the entry count, listed and unlisted serials", () => {
    const der = dayCrl(pki, day, 3400, 1);
    expect(der.length).toBeGreaterThan(75_000);
    const listed = [0, 1, 1700, 3399].map((i) => Uint8Array.from([0x40 | ((i >>> 24) & 0x3f), (i >>> 16) & 0xff, (i >>> 8) & 0xff, i & 0xff, (i * 37) & 0xff]));
    sameAsWhole(der, [...listed, serial(5), pki.seal.cert.serialNumber.valueBlock.valueHexView]);
    expect(crlByParts(der, S)!.entryFor(integer(listed[2]!))).toBeInstanceOf(pkijs.RevokedCertificate);
  });

  it("entries with reason codes or GeneralizedTime, v1 without nextUpdate, no entries, a serial listed twice", () => {
    const at = new Date("2025-11-01T00:00:00Z");
    const many = Array.from({ length: 50 }, (_, i) => ({ serial: serial(i), at, reason: i % 3 === 0 ? undefined : i % 5 }));
    sameAsWhole(crlWith(many), [serial(0), serial(1), serial(49), serial(50)]);
    sameAsWhole(crlWith(many, { version: false, nextUpdate: false }), [serial(2), serial(99)]);
    sameAsWhole(crlWith([]), [serial(1)]);
    // Listed twice: the first entry wins, by the first look-up's scan and by the later ones' hash table.
    sameAsWhole(
      crlWith([
        { serial: serial(3), at },
        { serial: serial(1), at },
        { serial: serial(3), at: new Date("2025-10-01T00:00:00Z"), reason: 1 },
      ]),
      [serial(3), serial(3), serial(1), serial(2), serial(3)],
    );
    // GeneralizedTime entries (after 2049): the whole decode decides (asn1js checks their text).
    const gen = crlWith([{ serial: serial(1), at, generalized: true }]);
    expect(crlByParts(gen, S)).toBeNull();
    expect(view(decodeCrl(gen, S), [serial(1)])).toEqual(view(crlWhole(gen, S), [serial(1)]));
  });

  it("property: for any bytes changed, by parts either declines or agrees with the whole decode, which then succeeds", () => {
    const at = new Date("2025-11-01T00:00:00Z");
    const base = crlWith(Array.from({ length: 12 }, (_, i) => ({ serial: serial(i), at, reason: i % 2 ? 1 : undefined })));
    const serials = [0, 1, 5, 11, 12].map(serial);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 3 }), (flips) => {
        const der = Uint8Array.from(base);
        for (const [i, x] of flips) der[i] = der[i]! ^ x;
        const parts = crlByParts(der, S);
        let whole: DecodedCrl | Error;
        try {
          whole = crlWhole(der, S);
        } catch (e) {
          whole = e as Error;
        }
        if (parts === null) return;
        expect(whole).not.toBeInstanceOf(Error);
        expect(view(parts, serials)).toEqual(view(whole as DecodedCrl, serials));
      }),
      { numRuns: 400, seed: 19 },
    );
  });

  it("judged the same: revoked before, after, and not listed, with the signature checked over the bytes as received", async () => {
    const seal = pki.seal.cert;
    const own = seal.serialNumber.valueBlock.valueHexView;
    for (const revokedAt of [new Date("2025-11-01T00:00:00Z"), new Date("2025-12-09T00:00:00Z"), null]) {
      const der = crlWith([{ serial: serial(1), at: day }, ...(revokedAt ? [{ serial: own, at: revokedAt, reason: 1 }] : [])]);
      const t = new Date("2025-12-08T08:36:35Z");
      const a = await judgeCrl(S, crlByParts(der, S)!, seal, pki.sealRoot.cert, t, 60);
      const b = await judgeCrl(S, crlWhole(der, S), seal, pki.sealRoot.cert, t, 60);
      expect(a).toEqual(b);
      expect(a.status).toBe(revokedAt === null ? "passed" : revokedAt < t ? "failed" : "warning");
    }
    const forged = crlWith([{ serial: serial(1), at: day }]);
    forged[forged.length - 1]! ^= 1;
    expect((await judgeCrl(S, crlByParts(forged, S)!, seal, pki.sealRoot.cert, day, 60)).subIndication).toBe("SIG_CRYPTO_FAILURE");
  });
});

describe("limits and the pool", () => {
  const der = dayCrl(pki, day, 3400, 2);

  it("the node and size limits fire as for the whole CRL, pooled or not", () => {
    const small = S.within({ ...DEFAULT_LIMITS, maxAsn1Nodes: 5000 });
    expect(crlByParts(der, small)).toBeNull();
    expect(() => crlWhole(der, small)).toThrow(LimitError);
    expect(decodeCrl(der, S).entries).toBe(3400); // now pooled
    expect(() => decodeCrl(der, small)).toThrow(/more than 5000 ASN.1 values/);
    expect(() => decodeCrl(der, S.within({ ...DEFAULT_LIMITS, maxDerBytes: 10_000 }))).toThrow(/more than the limit/);
    const fresh = dayCrl(pki, day, 10, 9);
    expect(crlByParts(fresh, S.within({ ...DEFAULT_LIMITS, maxAsn1Depth: 2 }))).toBeNull();
    expect(() => decodeCrl(fresh, S.within({ ...DEFAULT_LIMITS, maxAsn1Depth: 2 }))).toThrow(LimitError);
  });

  it("the pool is bounded by the bytes it holds: the least recently used leaves, an item beyond the bound is not kept", () => {
    const p = new DerPool<string>(10, 100);
    const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);
    const put = (b: Uint8Array, v: string) => p.keep(p.lookup(b).key, b, v);
    put(bytes(40, 1), "a");
    put(bytes(40, 2), "b");
    expect(p.lookup(bytes(40, 1)).value).toBe("a"); // now the most recently used
    put(bytes(40, 3), "c"); // 120 bytes: "b" leaves
    expect(p.lookup(bytes(40, 2)).value).toBeUndefined();
    expect([p.lookup(bytes(40, 1)).value, p.lookup(bytes(40, 3)).value]).toEqual(["a", "c"]);
    put(bytes(101, 4), "too big");
    expect(p.lookup(bytes(101, 4)).value).toBeUndefined();
    expect(p.lookup(bytes(40, 1)).value).toBe("a");
  });

  it("a long value is found by a sampled key but given back only for the same bytes: one differing in its middle is another", () => {
    const p = new DerPool<string>(10);
    const a = new Uint8Array(20_000).fill(7);
    const b = Uint8Array.from(a);
    b[10_000] = 8; // same length, same first and last KiB: the same key
    expect(p.lookup(b).key).toBe(p.lookup(a).key);
    p.keep(p.lookup(a).key, a, "a");
    expect(p.lookup(Uint8Array.from(a)).value).toBe("a");
    expect(p.lookup(b).value).toBeUndefined();
    p.keep(p.lookup(b).key, b, "b"); // takes a's place, and only b's bytes find it
    expect(p.lookup(b).value).toBe("b");
    expect(p.lookup(a).value).toBeUndefined();
    const c = Uint8Array.from(a);
    c[0] = 9;
    expect(p.lookup(c).key).not.toBe(p.lookup(a).key);
  });

  it("a large CRL is decoded once: the same bytes give the same object, whatever their size", () => {
    const a = decodeCrl(Uint8Array.from(der), S);
    expect(decodeCrl(Uint8Array.from(der), S)).toBe(a);
    const other = Uint8Array.from(der);
    other[other.length - 1]! ^= 1;
    expect(decodeCrl(other, S)).not.toBe(a);
  });
});

describe("the seal's CMS with a real-size CRL", () => {
  const signedBytes = new TextEncoder().encode("the byte ranges");
  const revocation = { ...sealRevocation(pki), crls: [dayCrl(pki, day, 3400, 3)] };
  const cms = createSealCms({ pki, signedBytes, revocation });

  it("decodes by parts to the SignerInfo pkijs decodes whole: fields, archived revocation data, signature check", async () => {
    const parts = signedDataByParts(cms, "the seal", S);
    const whole = decodeSignedDataWhole(cms, "the seal", S, false);
    expect(parts).not.toBeNull();
    const [p, w] = [parts!.signedData.signerInfos[0]!, whole.signedData.signerInfos[0]!];
    // Without the placeholders of by parts: the archived revocation data and the timestamp tokens' trees
    // (compared below by revocationArchival and timestampTokens).
    const strip = (si: pkijs.SignerInfo) => {
      const j = JSON.parse(JSON.stringify(si.toJSON())) as {
        signedAttrs: { attributes: { type: string }[] };
        unsignedAttrs?: { attributes: { type: string; values?: unknown }[] };
      };
      j.signedAttrs.attributes = j.signedAttrs.attributes.filter((a) => a.type !== "1.2.840.113583.1.1.8");
      for (const a of j.unsignedAttrs?.attributes ?? []) if (a.type === "1.2.840.113549.1.9.16.2.14") a.values = (a.values as unknown[]).length;
      return j;
    };
    expect(strip(p)).toEqual(strip(w));
    expect(hexOf(p.signedAttrs!.encodedValue)).toBe(hexOf(w.signedAttrs!.encodedValue));
    const ra = revocationArchival(p);
    const rb = revocationArchival(w);
    expect(ra.crls.map(hexOf)).toEqual(rb.crls.map(hexOf));
    expect(ra.ocsps.map(hexOf)).toEqual(rb.ocsps.map(hexOf));
    expect(timestampTokens(p).map(hexOf)).toEqual(timestampTokens(w).map(hexOf));
    const digest = () => sha256(signedBytes);
    const [vp, vw] = [await verifySigner(S, parts!, 0, digest), await verifySigner(S, whole, 0, digest)];
    expect({ ...vp, signerCert: null }).toEqual({ ...vw, signerCert: null });
    expect(vp.signatureValid).toBe(true);
  });

  it("the node limit of the whole CMS still fires (the whole decode reports it)", () => {
    expect(() => decodeSignedData(cms, "the seal", S.within({ ...DEFAULT_LIMITS, maxAsn1Nodes: 8000 }))).toThrow(LimitError);
  });

  it("a CRL only the whole decode reads (GeneralizedTime entries): the SignerInfo is decoded whole, the same data", () => {
    const cms2 = createSealCms({ pki, signedBytes, revocation: { ...revocation, crls: [crlWith([{ serial: serial(1), at: day, generalized: true }])] } });
    const a = decodeSignedData(cms2, "the seal", S);
    const b = decodeSignedDataWhole(cms2, "the seal", S, false);
    expect(revocationArchival(a.signedData.signerInfos[0]!).crls.map(hexOf)).toEqual(revocationArchival(b.signedData.signerInfos[0]!).crls.map(hexOf));
  });
});

describe("OCSP responses answering for many certificates", () => {
  /** A BasicOCSPResponse from the seal CA for `n` certificates, the seal's among them (serial order). */
  function manySingles(n: number): Uint8Array {
    const scheme = defaultScheme(pki.sealRoot.key);
    const at = new Date("2025-12-08T08:36:05Z");
    const nameHash = new Uint8Array(createHash("sha1").update(subjectNameDer(pki.sealRoot)).digest());
    const keyHash = new Uint8Array(createHash("sha1").update(pki.sealRoot.cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest());
    const single = (s: Uint8Array, revoked: boolean): Asn1 =>
      seq(
        seq(seq(oid("1.3.14.3.2.26"), nul()), octets(nameHash), octets(keyHash), int(s)),
        revoked ? implicitConstructed(1, [genTime(at)]) : implicitPrimitive(0),
        genTime(at),
      );
    const singles = Array.from({ length: n }, (_, i) => single(serial(i), i % 7 === 3));
    singles[Math.floor(n / 2)] = single(pki.seal.cert.serialNumber.valueBlock.valueHexView, false);
    const tbs = encode(seq(explicit(2, octets(keyHash)), genTime(at), seq(...singles)));
    const basic = seq(raw(tbs), signatureAlgorithm(scheme), bits(signBytes(pki.sealRoot.key, scheme, tbs)));
    return encode(seq(enumerated(0), explicit(0, seq(oid("1.3.6.1.5.5.7.48.1.1"), octets(encode(basic))))));
  }

  it("by parts equals the whole decode for 300 SingleResponses; decoded once per process; judged the same", async () => {
    const der = manySingles(300);
    const inner = new Uint8Array(pkijs.OCSPResponse.fromBER(der).responseBytes!.response.valueBlock.valueHexView);
    const parts = basicResponseByParts(inner, S);
    expect(parts).not.toBeNull();
    expect(JSON.parse(JSON.stringify(parts!.toJSON()))).toEqual(JSON.parse(JSON.stringify(basicResponseWhole(inner, S).toJSON())));
    const a = decodeOcsp(Uint8Array.from(der), S);
    expect(a.responses).toHaveLength(300);
    expect(decodeOcsp(Uint8Array.from(der), S)).toBe(a);
    const input = {
      session: S,
      target: pki.seal.cert,
      issuer: pki.sealRoot.cert,
      pool: [],
      sealingTime: new Date("2025-12-08T08:36:35Z"),
      freshnessWindowSeconds: 604800,
      clockSkewSeconds: 60,
    };
    const j = await judgeOcsp({ ...input, decoded: a, responderRevocation: async () => "no revocation data for it" });
    expect(j.certId.status).toBe("passed");
    expect(j.status.status).toBe("passed");
  });

  it("limits still fire on a pooled response: lower limits decode again and fail as before", () => {
    const der = manySingles(300);
    decodeOcsp(der, S);
    expect(() => decodeOcsp(der, S.within({ ...DEFAULT_LIMITS, maxAsn1Nodes: 1000 }))).toThrow(LimitError);
    expect(() => decodeOcsp(der, S.within({ ...DEFAULT_LIMITS, maxDerBytes: 1000 }))).toThrow(/more than the limit/);
  });
});

describe("the seal's CMS with its CRL changed: by parts and whole agree", () => {
  it("property: bytes changed inside the archived CRL give the same CMS outcome and the same CRL outcome on both paths", () => {
    const signedBytes = new TextEncoder().encode("the byte ranges");
    const crl = crlWith(Array.from({ length: 40 }, (_, i) => ({ serial: serial(i), at: day, reason: i % 4 ? undefined : 1 })));
    const cms = createSealCms({ pki, signedBytes, revocation: { ...sealRevocation(pki), crls: [crl] } });
    const at = Buffer.from(cms).indexOf(Buffer.from(crl));
    expect(at).toBeGreaterThan(0);
    const outcome = (f: () => ReturnType<typeof decodeSignedData>): unknown => {
      let d;
      try {
        d = f();
      } catch (e) {
        return `CMS refused: ${(e as Error).message}`;
      }
      return revocationArchival(d.signedData.signerInfos[0]!).crls.map((b) => {
        try {
          const c = crlWhole(b, S);
          return [hexOf(b), c.entries, c.entryFor(integer(serial(4)))?.toJSON() ?? null];
        } catch (e) {
          return `CRL unreadable: ${(e as Error).message}`;
        }
      });
    };
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(crl.length - 1), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 2 }), (flips) => {
        const der = Uint8Array.from(cms);
        for (const [i, x] of flips) der[at + i] = der[at + i]! ^ x;
        expect(outcome(() => decodeSignedData(der, "the seal", S))).toEqual(outcome(() => decodeSignedDataWhole(der, "the seal", S, false)));
        // And the CRL as the revocation check decodes it (pooled by parts, or whole).
        const parts = signedDataByParts(der, "the seal", S);
        if (parts) {
          const seen = (f: () => DecodedCrl): unknown => {
            try {
              return view(f(), [serial(4), serial(40)]);
            } catch (e) {
              return `refused: ${(e as Error).message}`;
            }
          };
          for (const b of revocationArchival(parts.signedData.signerInfos[0]!).crls) {
            expect(seen(() => decodeCrl(b, S))).toEqual(seen(() => crlWhole(b, S)));
          }
        }
      }),
      { numRuns: 300, seed: 1919 },
    );
  });
});

describe("the entry walk's header reader", () => {
  it("property: EntryReader reads what readTlv reads (body and end), and declines where readTlv does or the tag differs", () => {
    const header = fc.oneof(
      fc.constantFrom(0x30, 0x02, 0x17, 0x1f, 0x3f).chain((tag) =>
        fc.oneof(
          fc.integer({ min: 0, max: 0xff }).map((len) => [tag, len]),
          fc.array(fc.integer({ min: 0, max: 0xff }), { minLength: 1, maxLength: 6 }).map((len) => [tag, 0x80 | len.length, ...len]),
          fc.array(fc.integer({ min: 0, max: 0xff }), { minLength: 0, maxLength: 2 }).map((b) => [tag, ...b]),
        ),
      ),
    );
    fc.assert(
      fc.property(header, fc.integer({ min: 0, max: 300 }), fc.constantFrom(0x30, 0x02, 0x17), (h, pad, tag) => {
        const bytes = Uint8Array.from([...h, ...new Array<number>(pad).fill(0)]);
        // For every end of the input: the same answer, so the value's end is the same too (the first end
        // at which it fits).
        for (let end = 0; end <= bytes.length; end++) {
          const t = readTlv(bytes, 0, end);
          const rd = new EntryReader();
          expect(rd.header(bytes, 0, end, tag)).toBe(t && t.tag === tag ? t.body : -1);
          if (t && t.tag === tag) expect(rd.end).toBe(t.end);
        }
      }),
      { numRuns: 500 },
    );
  });
});

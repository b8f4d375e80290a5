// Decoding by parts is a strategy beside the whole-value path: both must give the same fields and verdicts
// for every CMS SignedData, timestamp token, OCSP response and CRL we can find (the samples, the broker's
// real archive, the DSS corpus when ../shared is there), and a defect in the by-parts code must surface
// instead of sending the value quietly down the whole path.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import * as asn1js from "asn1js";
import fc from "fast-check";
import * as pkijs from "pkijs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorMessage } from "../../src/errors.js";
import { findSignatures, parsePdf } from "../../src/input/pdf/index.js";
import { DEFAULT_LIMITS } from "../../src/limits.js";
import { inspectCms } from "../../src/inspect/decode.js";
import { CERTIFICATE_DECODING, CERTIFICATE_POOL, certificateDer, certificateFromDer, pemBlocks } from "../../src/pki/certificate.js";
import { decodeDer } from "../../src/pki/der.js";
import { SIGNED_DATA_DECODING, decodeSignedData, revocationArchival, timestampTokens, type DecodedSignedData } from "../../src/pki/cms.js";
import { CRL_DECODING, crlByParts, decodeCrl, type DecodedCrl } from "../../src/pki/crl.js";
import { DerPool } from "../../src/pki/kept.js";
import { BASIC_OCSP_DECODING, decodeOcsp } from "../../src/pki/ocsp.js";
import { NOT_PLAIN, decodeWith } from "../../src/pki/parts.js";
import { pkiSession, type PkiSession } from "../../src/pki/session.js";
import { createSession } from "../../src/verify/session.js";
import { verifyArchive } from "../../src/verify/archive.js";
import { dayCrl } from "../../scripts/bench/corpus.js";
import { loadPki } from "../../scripts/generator/index.js";
import { json, withoutArchival } from "../helpers/pkijs-json.js";
import { wholeSource } from "../../src/input/source.js";
import { hasShared } from "../helpers/shared.js";

const CORPUS = "../shared/corpus/dss";
/** A clone without ../shared has only the samples and the real archive: the floors below are theirs then. */
const HAS_CORPUS = hasShared("corpus/dss", "test/pki/parts-strategy.test.ts, the DSS corpus (the samples' floors instead)");
const pki = loadPki("samples/pki");
const DAY = new Date("2025-12-08T00:00:00Z");

function pdfsUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...pdfsUnder(p));
    else if (name.endsWith(".pdf")) out.push(p);
  }
  return out.sort();
}

/** Every signature's /Contents of a PDF (none when it does not parse). */
function contentsOf(file: string): Uint8Array[] {
  try {
    const doc = parsePdf(wholeSource(readFileSync(file)), DEFAULT_LIMITS);
    return findSignatures(doc.latest()).signatures.flatMap((s) => (s.contents ? [s.contents] : []));
  } catch {
    return [];
  }
}

const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex");

/** A decoded CRL as the checks read it: every field but the entries (by parts they stay bytes), and the entries asked for. */
function crlView(x: DecodedCrl, serials: readonly asn1js.Integer[]): unknown {
  const crl = json(x.crl) as Record<string, unknown>;
  delete crl.revokedCertificates;
  return { crl, entries: x.entries, listed: serials.map((s) => (x.entryFor(s) ? json(x.entryFor(s)!) : null)) };
}

/** What a decode gives, or the error it refuses with: what must be equal on both paths. */
function outcome<T>(f: () => T, view: (x: T) => unknown): unknown {
  try {
    return { ok: view(f()) };
  } catch (e) {
    return { error: `${(e as Error).name}: ${errorMessage(e)}` };
  }
}

/** Everything the checks read from a decoded CMS, its timestamps, archived CRLs and OCSP responses. */
function cmsView(d: DecodedSignedData, session: PkiSession): unknown {
  const problems: string[] = [];
  const inspected = inspectCms(d, session, problems);
  const serials = d.certificates.map((c) => c.serialNumber);
  return {
    signedData: withoutArchival(d.signedData),
    derLength: d.derLength,
    certificates: d.certificates.map((c) => hex(certificateDer(c))),
    inspected,
    problems,
    signers: d.signedData.signerInfos.map((si) => {
      const { crls, ocsps } = revocationArchival(si);
      return {
        signedAttrs: si.signedAttrs ? hex(new Uint8Array(si.signedAttrs.encodedValue)) : null,
        crls: crls.map((c) =>
          outcome(
            () => decodeCrl(c, session),
            (x) => crlView(x, serials),
          ),
        ),
        ocsps: ocsps.map((o) =>
          outcome(
            () => decodeOcsp(o, session),
            (x) => ({ ...x, basic: x.basic ? json(x.basic) : null, certificates: x.certificates.map((c) => hex(certificateDer(c))) }),
          ),
        ),
        timestamps: timestampTokens(si).map((t) =>
          outcome(
            () => decodeSignedData(t, "the timestamp token", session),
            (x) => ({ signedData: json(x.signedData), certificates: x.certificates.map((c) => hex(certificateDer(c))) }),
          ),
        ),
      };
    }),
  };
}

/** The same CMS decoded by parts and whole, each in a session of its own: equal fields, or equal errors. */
function bothWays(contents: Uint8Array, what: string): { parts: unknown; whole: unknown; byParts: boolean } {
  const [p, w] = [pkiSession(), pkiSession({}, { byParts: false })];
  const byParts = SIGNED_DATA_DECODING.byParts({ bytes: contents, what, padded: true }, p) !== NOT_PLAIN;
  const parts = outcome(
    () => decodeSignedData(contents, what, p, true),
    (d) => cmsView(d, p),
  );
  const whole = outcome(
    () => decodeSignedData(contents, what, w, true),
    (d) => cmsView(d, w),
  );
  return { parts, whole, byParts };
}

describe("by parts and whole give the same fields", () => {
  const files = [
    ...pdfsUnder("samples"),
    "test/fixtures/real/broker-example/archive.pdf",
    ...pdfsUnder(CORPUS).filter((f) => statSync(f).size < 4 * 1024 * 1024),
  ];

  it(`every signature's CMS, its timestamp tokens, archived CRLs and OCSP responses (${files.length} PDFs)`, { timeout: 300_000 }, () => {
    let signatures = 0;
    let split = 0;
    for (const file of files) {
      for (const contents of contentsOf(file)) {
        const { parts, whole, byParts } = bothWays(contents, "the signature");
        expect(parts, file).toEqual(whole);
        signatures++;
        if (byParts) split++;
      }
    }
    expect(signatures).toBeGreaterThan(HAS_CORPUS ? 50 : 40);
    // Most are decoded by parts (the comparison means something), and every broker-shaped one is.
    expect(split).toBeGreaterThan(signatures / 2);
    expect(bothWays(contentsOf("test/fixtures/real/broker-example/archive.pdf")[0]!, "the seal").byParts).toBe(true);
    expect(bothWays(contentsOf("samples/valid/archive.pdf")[0]!, "the seal").byParts).toBe(true);
  });

  it("a real-size CRL and an OCSP response answering for many certificates, through the strategies", () => {
    const crl = dayCrl(pki, DAY, 3400, 1);
    const [p, w] = [pkiSession(), pkiSession({}, { byParts: false })];
    const whole = decodeWith(CRL_DECODING, crl, w);
    const serials = [0, 1, 1700, 3399].map((i) => whole.crl.revokedCertificates![i]!.userCertificate).concat(pki.seal.cert.serialNumber);
    expect(CRL_DECODING.byParts(crl, p)).not.toBe(NOT_PLAIN);
    expect(crlView(decodeWith(CRL_DECODING, crl, p), serials)).toEqual(crlView(whole, serials));
    const ocsp = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as { ocspResponse: string };
    const inner = new Uint8Array(pkijs.OCSPResponse.fromBER(Buffer.from(ocsp.ocspResponse, "base64")).responseBytes!.response.valueBlock.valueHexView);
    expect(BASIC_OCSP_DECODING.byParts(inner, p)).not.toBe(NOT_PLAIN);
    expect(json(decodeWith(BASIC_OCSP_DECODING, inner, p))).toEqual(json(decodeWith(BASIC_OCSP_DECODING, inner, w)));
  });
});

describe("certificates by parts", () => {
  /** Every certificate we have: the PEM files of the samples and the real archive, and those inside every CMS. */
  function allCertificates(files: readonly string[]): Uint8Array[] {
    const found = new Map<string, Uint8Array>();
    const keep = (der: Uint8Array): void => void found.set(hex(der), der);
    for (const dir of ["samples/trust", "samples/pki", "test/fixtures/real/broker-example/trust"])
      for (const f of readdirSync(dir).filter((n) => n.endsWith(".pem") && !n.endsWith(".key.pem")))
        for (const b of pemBlocks(readFileSync(join(dir, f), "latin1"))) if (b.label === "CERTIFICATE") keep(b.der);
    const whole = pkiSession({}, { byParts: false });
    for (const file of files)
      for (const contents of contentsOf(file)) {
        try {
          const d = decodeSignedData(contents, "the signature", whole, true);
          d.certificates.forEach((c) => keep(certificateDer(c)));
          for (const si of d.signedData.signerInfos)
            for (const t of timestampTokens(si)) decodeSignedData(t, "the timestamp token", whole).certificates.forEach((c) => keep(certificateDer(c)));
        } catch {
          // not a CMS we read: no certificates from it
        }
      }
    return [...found.values()];
  }

  /** What certificateFromDer gives (its fields as pkijs's JSON, and each field's class) or its error. */
  const decoded = (der: Uint8Array, session: PkiSession): unknown =>
    outcome(
      () => certificateFromDer(der, "the certificate", session),
      (c) => ({ json: json(c), classes: Object.entries(c).map(([k, v]) => [k, (v as object | undefined)?.constructor?.name]), tbs: hex(c.tbsView) }),
    );

  const files = [
    ...pdfsUnder("samples"),
    "test/fixtures/real/broker-example/archive.pdf",
    ...pdfsUnder(CORPUS).filter((f) => statSync(f).size < 4 * 1024 * 1024),
  ];

  it("every certificate of the samples, the real archive and the DSS corpus: the object pkijs decodes whole", { timeout: 120_000 }, () => {
    const certs = allCertificates(files);
    expect(certs.length).toBeGreaterThan(HAS_CORPUS ? 30 : 15);
    let split = 0;
    for (const der of certs) {
      const asn = decodeDer(der, "the certificate", DEFAULT_LIMITS);
      if (CERTIFICATE_DECODING.byParts({ asn, what: "the certificate" }, pkiSession()) !== NOT_PLAIN) split++;
      expect(decoded(der, pkiSession()), hex(der).slice(0, 80)).toEqual(decoded(der, pkiSession({}, { byParts: false })));
    }
    // Nearly all are split (the comparison means something); the broker's and the samples' all are.
    expect(split).toBeGreaterThan(certs.length * 0.9);
  });

  it("property: for any bytes changed in a certificate, both paths give the same certificate or the same error", () => {
    const certs = [
      ...pemBlocks(readFileSync("samples/trust/" + readdirSync("samples/trust")[0]!, "latin1")).map((b) => b.der),
      ...pemBlocks(readFileSync("test/fixtures/real/broker-example/trust/nets-intermediate-ca.pem", "latin1")).map((b) => b.der),
    ];
    let refused = 0;
    // Half the changes in the first 80 bytes, where the fields' tags are (an ENUMERATED for the version's
    // INTEGER was one the whole path refused and the first by-parts decoder took).
    const where = fc.oneof(fc.nat({ max: 79 }), fc.nat());
    fc.assert(
      fc.property(fc.constantFrom(...certs), fc.array(fc.tuple(where, fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 3 }), (cert, changes) => {
        const der = cert.slice();
        for (const [at, byte] of changes) der[at % der.length] = byte;
        const [p, w] = [decoded(der, pkiSession()), decoded(der, pkiSession({}, { byParts: false }))];
        expect(p).toEqual(w);
        if ((p as { error?: string }).error) refused++;
      }),
      { numRuns: 600 },
    );
    expect(refused).toBeGreaterThan(30); // the changes reach the refusals too
  });

  it("a field of another type with the tag of the one expected is not taken: an ENUMERATED version or serial goes whole, and is refused", () => {
    const [cert] = pemBlocks(readFileSync("test/fixtures/real/broker-example/trust/nets-intermediate-ca.pem", "latin1"));
    // a0 03 02 01 02 (version), then 02 10 … (serial): each INTEGER becomes an ENUMERATED, a subclass of asn1js.Integer.
    for (const at of [10, 13]) {
      const der = cert!.der.slice();
      expect(der[at]).toBe(0x02);
      der[at] = 0x0a;
      const asn = decodeDer(der, "the certificate", DEFAULT_LIMITS);
      expect(CERTIFICATE_DECODING.byParts({ asn, what: "the certificate" }, pkiSession())).toBe(NOT_PLAIN);
      expect(decoded(der, pkiSession())).toEqual({
        error: "FormatError: the certificate is DER but not an X.509 certificate (Object's schema was not verified against input data for Certificate)",
      });
    }
  });

  it("off the plain shape (unique identifiers, an empty extension list, a version that is not an INTEGER): whole decides", () => {
    const [cert] = pemBlocks(readFileSync("samples/pki/ocspResponder.pem", "latin1"));
    const tree = decodeDer(cert!.der, "the certificate", DEFAULT_LIMITS) as asn1js.Sequence;
    const tbs = tree.valueBlock.value[0] as asn1js.Sequence;
    const variants: [string, (f: asn1js.AsnType[]) => asn1js.AsnType[]][] = [
      [
        "issuerUniqueID",
        (f) => [...f.slice(0, 7), new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 1 }, valueHex: new Uint8Array([0, 1]) }), ...f.slice(7)],
      ],
      [
        "an empty extension list",
        (f) => [...f.slice(0, 7), new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 3 }, value: [new asn1js.Sequence()] })],
      ],
      [
        "a version that is not an INTEGER",
        (f) => [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [new asn1js.Utf8String({ value: "3" })] }), ...f.slice(1)],
      ],
    ];
    for (const [what, change] of variants) {
      const der = new Uint8Array(
        new asn1js.Sequence({
          value: [new asn1js.Sequence({ value: change(tbs.valueBlock.value) }), tree.valueBlock.value[1]!, tree.valueBlock.value[2]!],
        }).toBER(),
      );
      const asn = decodeDer(der, what, DEFAULT_LIMITS);
      expect(CERTIFICATE_DECODING.byParts({ asn, what }, pkiSession()), what).toBe(NOT_PLAIN);
      expect(decoded(der, pkiSession()), what).toEqual(decoded(der, pkiSession({}, { byParts: false })));
    }
  });
});

describe("by parts and whole give the same verdicts", () => {
  const trust = ["samples/trust"];
  const archives = [
    ...pdfsUnder("samples/valid"),
    ...pdfsUnder("samples/attacks"),
    ...readdirSync("samples/tampered").flatMap((d) => readdirSync(join("samples/tampered", d)).map((f) => join("samples/tampered", d, f))),
  ].filter((f) => /\.(pdf|json)$/.test(f));
  const strip = (r: unknown): unknown => JSON.parse(JSON.stringify(r), (k, v: unknown) => (k === "validationTime" || k === "durationMs" ? undefined : v));

  afterEach(() => vi.useRealTimers());

  it(`every sample (${archives.length}) and the broker's real archive: the same report`, { timeout: 300_000 }, async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-15T12:00:00Z") }); // "now" is in some reports
    const parts = createSession({ trust });
    const whole = createSession({ trust, byParts: false });
    for (const evidence of archives) {
      const [a, b] = [await verifyArchive({ evidence, session: parts }), await verifyArchive({ evidence, session: whole })];
      expect(strip(a), evidence).toEqual(strip(b));
    }
    const real = "test/fixtures/real/broker-example";
    const [a, b] = [
      await verifyArchive({ evidence: join(real, "archive.pdf"), session: createSession({ trust: [join(real, "trust")] }) }),
      await verifyArchive({ evidence: join(real, "archive.pdf"), session: createSession({ trust: [join(real, "trust")], byParts: false }) }),
    ];
    expect(a.indication).toBe("TOTAL-PASSED");
    expect(a).toEqual(b);
  });
});

describe("a defect in the by-parts code surfaces", () => {
  afterEach(() => vi.restoreAllMocks());
  const seal = (): Uint8Array => contentsOf("samples/valid/archive.pdf")[0]!;

  /** Makes the certificate pool of `session` throw a TypeError, as a bug in it would; other pools work. */
  function breakCertificatePool(session: PkiSession): void {
    const pool = session.cache(CERTIFICATE_POOL);
    const lookup = DerPool.prototype.lookup;
    vi.spyOn(DerPool.prototype, "lookup").mockImplementation(function (this: DerPool<unknown>, der: Uint8Array) {
      if (this === pool) throw new TypeError("a defect in the certificate pool");
      return lookup.call(this, der);
    });
  }

  it("CMS SignedData: the defect is thrown, not hidden by a whole decode", () => {
    const session = pkiSession();
    breakCertificatePool(session);
    // Before: `catch → null` sent the CMS down the whole path (which needs no pool), and the defect never showed.
    expect(() => decodeSignedData(seal(), "the seal", session, true)).toThrow(/a defect in the certificate pool/);
    expect(() => decodeSignedData(seal(), "the seal", pkiSession({}, { byParts: false }), true)).not.toThrow();
  });

  it("OCSP responses with responder certificates: the defect is thrown", () => {
    const json = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as { ocspResponse: string };
    const der = new Uint8Array(Buffer.from(json.ocspResponse, "base64"));
    expect(decodeOcsp(der, pkiSession()).certificates.length).toBeGreaterThan(0); // the response carries its responder
    const session = pkiSession();
    breakCertificatePool(session);
    expect(() => decodeOcsp(der, session)).toThrow(/a defect in the certificate pool/);
  });

  it("CRLs: a defect in the entry walk is thrown", () => {
    const crl = dayCrl(pki, DAY, 50, 2);
    vi.spyOn(Int32Array, "from").mockImplementation(() => {
      throw new RangeError("a defect in the entry table");
    });
    expect(() => crlByParts(crl, pkiSession())).toThrow(/a defect in the entry table/);
    expect(() => decodeCrl(crl, pkiSession())).toThrow(/a defect in the entry table/);
  });

  it("in a verification, the defect is an internal error named in the report, never a verdict reached another way", async () => {
    const session = createSession({ trust: ["samples/trust"] });
    expect((await verifyArchive({ evidence: "samples/valid/archive.pdf", session })).indication).toBe("TOTAL-PASSED");
    session.clear(); // the seal's CRL decoded afresh: through the by-parts entry walk, which now fails
    vi.spyOn(Int32Array, "from").mockImplementation(() => {
      throw new RangeError("a defect in the entry table");
    });
    // Before: the CRL (and the SignerInfo holding it) quietly went down the whole path: TOTAL-PASSED again.
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", session });
    expect(r.indication).not.toBe("TOTAL-PASSED");
    expect(r.subIndication).toBe("FORMAT_FAILURE");
    expect(JSON.stringify(r.checks)).toContain("a defect in the entry table");
  });

  it("a decoder's refusal of a part is NOT_PLAIN, and the whole path gives its error", () => {
    const bad = seal().slice();
    // A certificate in the CMS that is DER but not a certificate: by parts declines, whole names the error.
    const session = pkiSession();
    const d = decodeSignedData(bad, "the seal", session, true);
    const der = certificateDer(d.certificates[0]!);
    const at = Buffer.from(bad).indexOf(Buffer.from(der));
    bad[at + 4] = 0x31; // the certificate's TBSCertificate SEQUENCE becomes a SET
    expect(SIGNED_DATA_DECODING.byParts({ bytes: bad, what: "the seal", padded: true }, pkiSession())).toBe(NOT_PLAIN);
    expect(
      outcome(
        () => decodeSignedData(bad, "the seal", pkiSession(), true),
        () => "decoded",
      ),
    ).toEqual(
      outcome(
        () => decodeSignedData(bad, "the seal", pkiSession({}, { byParts: false }), true),
        () => "decoded",
      ),
    );
  });
});

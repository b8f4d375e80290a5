// The seal's CMS, the timestamp token and OCSP responses are decoded part by part (certificates through the
// certificate pool, no SignedData schema): the result must be the one pkijs gives for the whole value, and
// anything off the usual shape must go to the whole-value path, so that errors and limits read as before.
import { readFileSync } from "node:fs";
import * as pkijs from "pkijs";
import { describe, expect, it, vi } from "vitest";
import { LimitError } from "../../src/api/internal.js";
import { DEFAULT_LIMITS } from "../../src/index.js";
import { certificateDer, certificateFromDer, certificateFromPem } from "../../src/pki/certificate.js";
import { decodeSignedData, decodeSignedDataWhole, revocationArchival, signedDataByParts, timestampTokens } from "../../src/pki/cms.js";
import { decodeCrl } from "../../src/pki/crl.js";
import { OCSP_RESPONSE_DECODING, basicResponseByParts, basicResponseWhole, responseDataByParts } from "../../src/pki/ocsp.js";
import { derChildren, readTlv } from "../../src/pki/der.js";
import { pkiSession } from "../../src/pki/session.js";
import { TST_INFO_DECODING } from "../../src/pki/timestamp.js";
import * as asn1js from "asn1js";
import { TIMELINE, createOcspResponse, loadPki, type OcspStatus } from "../../scripts/generator/index.js";
import { json, withoutArchival } from "../helpers/pkijs-json.js";

const S = pkiSession();

function sealContents(): Uint8Array {
  const text = readFileSync("samples/valid/archive.pdf").toString("latin1");
  const start = text.indexOf("/Contents <") + "/Contents <".length;
  return new Uint8Array(Buffer.from(text.slice(start, text.indexOf(">", start)), "hex"));
}

function basicOcspBytes(): Uint8Array {
  const json = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as { ocspResponse: string };
  const resp = pkijs.OCSPResponse.fromBER(Buffer.from(json.ocspResponse, "base64"));
  return new Uint8Array(resp.responseBytes!.response.valueBlock.valueHexView);
}

const ders = (certs: readonly pkijs.Certificate[]): string[] => certs.map((c) => Buffer.from(certificateDer(c)).toString("hex"));

describe("decoding by parts gives what pkijs gives for the whole value", () => {
  it("the seal's CMS (zero-padded /Contents)", () => {
    const contents = sealContents();
    const parts = signedDataByParts(contents, "the seal", S, true);
    const whole = decodeSignedDataWhole(contents, "the seal", S, true);
    expect(parts).not.toBeNull();
    expect(parts!.derLength).toBe(whole.derLength);
    expect(withoutArchival(parts!.signedData)).toEqual(withoutArchival(whole.signedData));
    const [ra, rw] = [revocationArchival(parts!.signedData.signerInfos[0]!), revocationArchival(whole.signedData.signerInfos[0]!)];
    expect([...ra.crls, ...ra.ocsps].map((b) => Buffer.from(b).toString("hex"))).toEqual([...rw.crls, ...rw.ocsps].map((b) => Buffer.from(b).toString("hex")));
    expect(ders(parts!.certificates)).toEqual(ders(whole.certificates));
    expect(parts!.signedData.crls?.length).toBe(whole.signedData.crls?.length);
    const [tp, tw] = [timestampTokens(parts!.signedData.signerInfos[0]!), timestampTokens(whole.signedData.signerInfos[0]!)];
    expect(tp.map((b) => Buffer.from(b).toString("hex"))).toEqual(tw.map((b) => Buffer.from(b).toString("hex")));
    expect(tp.map((t) => json(decodeSignedData(t, "the timestamp", S).signedData))).toEqual(
      tw.map((t) => json(decodeSignedDataWhole(t, "the timestamp", S, false).signedData)),
    );
  });

  it("the SignerInfo parts a signer repeats (sid, algorithms, content type, signing certificate) are decoded once per session, by exact bytes", () => {
    const s = pkiSession();
    const [a, b] = [decodeSignedData(sealContents(), "the seal", s, true), decodeSignedData(sealContents(), "the seal", s, true)];
    const [x, y] = [a.signedData.signerInfos[0]!, b.signedData.signerInfos[0]!];
    const attr = (si: pkijs.SignerInfo, oid: string) => si.signedAttrs!.attributes.find((t) => t.type === oid);
    expect(y.sid).toBe(x.sid);
    expect(y.digestAlgorithm).toBe(x.digestAlgorithm);
    expect(y.signatureAlgorithm).toBe(x.signatureAlgorithm);
    expect(attr(y, "1.2.840.113549.1.9.3")).toBe(attr(x, "1.2.840.113549.1.9.3"));
    expect(attr(y, "1.2.840.113549.1.9.4")).not.toBe(attr(x, "1.2.840.113549.1.9.4")); // a message digest is the seal's own
    expect(withoutArchival(b.signedData)).toEqual(withoutArchival(decodeSignedDataWhole(sealContents(), "the seal", s, true).signedData));
    // Within tighter limits than the first decode: decoded again (the pooled object is answered once it passes).
    const spy = vi.spyOn(pkijs.IssuerAndSerialNumber.prototype, "fromSchema");
    const tight = s.within({ ...DEFAULT_LIMITS, maxAsn1Depth: DEFAULT_LIMITS.maxAsn1Depth - 1 });
    const c = decodeSignedData(sealContents(), "the seal", tight, true);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
    expect(c.signedData.signerInfos[0]!.sid).toBe(x.sid);
    expect(withoutArchival(c.signedData)).toEqual(withoutArchival(b.signedData));
  });

  it("the signature timestamp token inside it", () => {
    const seal = decodeSignedData(sealContents(), "the seal", S, true);
    const [token] = timestampTokens(seal.signedData.signerInfos[0]!);
    expect(token).toBeDefined();
    const copy = new Uint8Array(token!); // not the copy decodeDer knows the tree of
    const parts = signedDataByParts(copy, "the timestamp", S);
    expect(parts).not.toBeNull();
    const whole = json(decodeSignedDataWhole(copy, "the timestamp", S, false).signedData);
    expect(json(parts!.signedData)).toEqual(whole);
    // The handed-out bytes themselves: parts taken from the SignerInfo's tree, the same result.
    const fromTree = signedDataByParts(token!, "the timestamp", S);
    expect(fromTree).not.toBeNull();
    expect(json(fromTree!.signedData)).toEqual(whole);
    expect(fromTree!.signedData.signerInfos[0]!.signature.valueBeforeDecodeView.buffer).not.toBe(token!.buffer); // from the tree, not re-decoded
  });

  it("the seal's archived OCSP response (responder by name or key, extensions): equal objects, equal signed bytes", () => {
    const seal = decodeSignedData(sealContents(), "the seal", S, true);
    const [ocspDer] = revocationArchival(seal.signedData.signerInfos[0]!).ocsps;
    expect(ocspDer).toBeDefined();
    const inner = new Uint8Array(pkijs.OCSPResponse.fromBER(new Uint8Array(ocspDer!)).responseBytes!.response.valueBlock.valueHexView);
    for (const der of [inner, basicOcspBytes()]) {
      const parts = basicResponseByParts(der, S);
      const whole = basicResponseWhole(der, S);
      expect(parts).not.toBeNull();
      expect(json(parts!.tbsResponseData)).toEqual(json(whole.tbsResponseData));
      expect(Buffer.from(parts!.tbsResponseData.tbsView).equals(Buffer.from(whole.tbsResponseData.tbsView))).toBe(true);
      expect(parts!.tbsResponseData.producedAt.getTime()).toBe(whole.tbsResponseData.producedAt.getTime());
      // The ResponseData itself was split, not handed to pkijs whole.
      const top = readTlv(der, 0, der.length)!;
      expect(responseDataByParts(der, derChildren(der, top.body, top.end)![0]!, S)).not.toBeNull();
    }
  });

  it("every SingleResponse shape: good by parts, revoked and unknown whole, with and without nextUpdate and extensions; the same objects", () => {
    const pki = loadPki("samples/pki");
    const statuses: OcspStatus[] = ["good", "unknown", { revokedAt: TIMELINE.sealRevocationAt }, { revokedAt: TIMELINE.sealRevocationAt, reason: 1 }];
    const whole = vi.spyOn(pkijs.SingleResponse.prototype, "fromSchema");
    let split = 0;
    for (const status of statuses)
      for (const nextUpdate of [undefined, null])
        for (const archiveCutoff of [undefined, null])
          for (const certIdHash of ["sha1", "sha256"] as const) {
            const ocsp = createOcspResponse({
              subject: pki.seal,
              issuer: pki.sealRoot,
              responder: pki.sealRoot,
              status,
              nextUpdate,
              archiveCutoff,
              certIdHash,
            });
            const der = new Uint8Array(pkijs.OCSPResponse.fromBER(ocsp).responseBytes!.response.valueBlock.valueHexView);
            whole.mockClear();
            const parts = basicResponseByParts(der, S);
            // The status good is split (no SingleResponse schema); revoked and unknown are decoded whole.
            if (whole.mock.calls.length === 0) split++;
            expect(parts).not.toBeNull();
            expect(json(parts!)).toEqual(json(basicResponseWhole(der, S)));
            const response = parts!.tbsResponseData.responses[0]!;
            expect(response.certStatus.idBlock.tagNumber).toBe(status === "good" ? 0 : status === "unknown" ? 2 : 1);
            expect(response.singleExtensions === undefined).toBe(archiveCutoff === null);
            expect(response.nextUpdate === undefined).toBe(nextUpdate === null);
          }
    whole.mockRestore();
    expect(split).toBe(8);
  });

  it("an OCSPResponse's outer SEQUENCE by parts: what pkijs reads whole (successful, unsuccessful, another type)", () => {
    const pki = loadPki("samples/pki");
    const good = createOcspResponse({ subject: pki.seal, issuer: pki.sealRoot, responder: pki.sealRoot });
    const json64 = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as { ocspResponse: string };
    const token = new Uint8Array(Buffer.from(json64.ocspResponse, "base64"));
    const unsuccessful = Uint8Array.from([0x30, 0x03, 0x0a, 0x01, 0x03]); // tryLater
    const otherType = new Uint8Array(
      new pkijs.OCSPResponse({
        responseStatus: new asn1js.Enumerated({ value: 0 }),
        responseBytes: new pkijs.ResponseBytes({ responseType: "1.2.3.4", response: new asn1js.OctetString({ valueHex: new Uint8Array([5, 0]) }) }),
      })
        .toSchema()
        .toBER(false),
    );
    const view = (o: { status: number; responseBytes?: { responseType: string; response: Uint8Array } }): unknown => ({
      ...o,
      ...(o.responseBytes ? { responseBytes: { ...o.responseBytes, response: Buffer.from(o.responseBytes.response).toString("hex") } } : {}),
    });
    for (const der of [good, token, unsuccessful, otherType]) {
      const parts = OCSP_RESPONSE_DECODING.byParts(der, S);
      expect(parts).not.toBeNull();
      expect(view(parts!)).toEqual(view(OCSP_RESPONSE_DECODING.whole(der, S)));
    }
    expect(OCSP_RESPONSE_DECODING.byParts(good, S.within({ ...DEFAULT_LIMITS, maxAsn1Nodes: 5 }))).toBeNull();
    expect(() => OCSP_RESPONSE_DECODING.whole(good, S.within({ ...DEFAULT_LIMITS, maxAsn1Nodes: 5 }))).toThrow(LimitError);
  });

  it("a TSTInfo by parts is the one pkijs decodes whole, with each optional field; a tsa name or extensions go whole", () => {
    const base = {
      version: 1,
      policy: "1.2.3.4.1",
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: "2.16.840.1.101.3.4.2.1" }),
        hashedMessage: new asn1js.OctetString({ valueHex: new Uint8Array(32).fill(7) }),
      }),
      serialNumber: new asn1js.Integer({ value: 4242 }),
      genTime: new Date("2025-12-08T08:38:38Z"),
    };
    const der = (extra: Partial<pkijs.TSTInfoParameters>): Uint8Array => new Uint8Array(new pkijs.TSTInfo({ ...base, ...extra }).toSchema().toBER(false));
    const plain: Partial<pkijs.TSTInfoParameters>[] = [
      {},
      { accuracy: new pkijs.Accuracy({ seconds: 1 }) },
      { accuracy: new pkijs.Accuracy({ millis: 5, micros: 7 }), ordering: true },
      { ordering: false },
      { nonce: new asn1js.Integer({ value: 99 }) },
      { accuracy: new pkijs.Accuracy({ seconds: 2 }), ordering: true, nonce: new asn1js.Integer({ value: -5 }) },
    ];
    for (const extra of plain) {
      const bytes = der(extra);
      const parts = TST_INFO_DECODING.byParts(bytes, S);
      expect(parts, JSON.stringify(Object.keys(extra))).not.toBeNull();
      expect(json(parts!)).toEqual(json(TST_INFO_DECODING.whole(bytes, S)));
    }
    const other: Partial<pkijs.TSTInfoParameters>[] = [
      { tsa: new pkijs.GeneralName({ type: 2, value: "tsa.example" }) },
      { extensions: [new pkijs.Extension({ extnID: "1.2.3.4", extnValue: new asn1js.Null().toBER(false) })] },
    ];
    for (const extra of other) expect(TST_INFO_DECODING.byParts(der(extra), S)).toBeNull();
    // Over the node budget of the whole: the whole path refuses, with its error.
    const tight = S.within({ ...DEFAULT_LIMITS, maxAsn1Nodes: 8 });
    expect(TST_INFO_DECODING.byParts(der({}), tight)).toBeNull();
    expect(() => TST_INFO_DECODING.whole(der({}), tight)).toThrow(LimitError);
  });

  it("a BasicOCSPResponse with its responder certificate", () => {
    const der = basicOcspBytes();
    const parts = basicResponseByParts(der, S);
    const whole = basicResponseWhole(der, S);
    expect(parts).not.toBeNull();
    expect(parts!.certs?.length).toBeGreaterThan(0);
    expect(json(parts!)).toEqual(json(whole));
    expect(ders(parts!.certs!)).toEqual(ders(whole.certs!));
  });
});

describe("off the usual shape: the whole-value path decides", () => {
  it("BER with an indefinite length is not split, and still decodes", () => {
    const contents = sealContents();
    const whole = decodeSignedDataWhole(contents, "the seal", S, true);
    const der = contents.subarray(0, whole.derLength);
    expect(der[1]).toBe(0x82); // 30 82 LL LL: make it 30 80 ... 00 00
    const ber = new Uint8Array([0x30, 0x80, ...der.subarray(4), 0x00, 0x00]);
    expect(signedDataByParts(ber, "BER", S)).toBeNull();
    expect(json(decodeSignedData(ber, "BER", S).signedData)).toEqual(json(whole.signedData));
  });

  it("a node limit too low for the whole is too low for the parts: the limit is named", () => {
    const contents = sealContents();
    const limits = S.within({ ...DEFAULT_LIMITS, maxAsn1Nodes: 300 });
    expect(signedDataByParts(contents, "the seal", limits, true)).toBeNull();
    expect(() => decodeSignedData(contents, "the seal", limits, true)).toThrow(LimitError);
    expect(basicResponseByParts(basicOcspBytes(), S.within({ ...DEFAULT_LIMITS, maxAsn1Nodes: 50 }))).toBeNull();
  });

  it("not SignedData, or bytes after the padding: the usual errors", () => {
    const contents = sealContents();
    const { derLength } = decodeSignedDataWhole(contents, "the seal", S, true);
    const enveloped = new Uint8Array(contents);
    const oid = Buffer.from(enveloped).indexOf(Buffer.from("2a864886f70d010702", "hex"));
    enveloped[oid + 8] = 0x03; // id-envelopedData
    expect(signedDataByParts(enveloped, "the seal", S, true)).toBeNull();
    expect(() => decodeSignedData(enveloped, "the seal", S, true)).toThrow(/CMS of type 1\.2\.840\.113549\.1\.7\.3/);
    const trailing = new Uint8Array(contents);
    trailing[derLength + 10] = 0x41;
    expect(signedDataByParts(trailing, "the seal", S, true)).toBeNull();
    expect(() => decodeSignedData(trailing, "the seal", S, true)).toThrow(/non-zero bytes after its DER value/);
  });

  it("a certificate that is not one fails as it always did", () => {
    const der = basicOcspBytes();
    const broken = new Uint8Array(der);
    // The responder certificate's TBSCertificate SEQUENCE tag becomes a SET: DER framing intact, schema not.
    const cert = certificateDer(basicResponseWhole(der, S).certs![0]!);
    const at = Buffer.from(broken).indexOf(Buffer.from(cert)) + 4;
    expect(broken[at]).toBe(0x30);
    broken[at] = 0x31;
    expect(basicResponseByParts(broken, S)).toBeNull();
    expect(() => basicResponseWhole(broken, S)).toThrow();
  });
});

describe("the certificate pool", () => {
  const pem = readFileSync("samples/pki/tsa.pem", "utf8");

  it("the same bytes give the same certificate object, from any buffer; other bytes another", () => {
    const a = certificateFromPem(pem, "PEM certificate", S);
    const der = certificateDer(a);
    expect(certificateFromDer(new Uint8Array(der), "certificate", S)).toBe(a);
    const padded = new Uint8Array(der.length + 10);
    padded.set(der, 5);
    expect(certificateFromDer(padded.subarray(5, 5 + der.length), "certificate", S)).toBe(a);
    const other = new Uint8Array(der);
    other[other.length - 1]! ^= 0x01; // the last byte of the signature: still a certificate, not this one
    const b = certificateFromDer(other, "certificate", S);
    expect(b).not.toBe(a);
    expect(Buffer.from(certificateDer(b)).equals(Buffer.from(other))).toBe(true);
  });

  it("keeps a bounded number of certificates, the least recently used leaving first", () => {
    const der = certificateDer(certificateFromPem(pem, "PEM certificate", S));
    const variant = (i: number): Uint8Array => {
      const v = new Uint8Array(der);
      v[v.length - 1] = i & 0xff;
      v[v.length - 2] = (i >> 8) & 0xff;
      return v;
    };
    const first = certificateFromDer(variant(1000), "certificate", S);
    for (let i = 0; i < 200; i++) certificateFromDer(variant(i), "certificate", S);
    const again = certificateFromDer(variant(1000), "certificate", S);
    expect(again).not.toBe(first); // evicted, decoded afresh
    expect(certificateFromDer(variant(1000), "certificate", S)).toBe(again);
  });

  it("the size limit applies before the pool is asked", () => {
    const der = certificateDer(certificateFromPem(pem, "PEM certificate", S));
    expect(() => certificateFromDer(der, "cert", S.within({ ...DEFAULT_LIMITS, maxDerBytes: 100 }))).toThrow(/more than the limit/);
  });
});

describe("the CRL pool", () => {
  it("the same CRL bytes give the same object, kept apart from the caller's buffer; other bytes another", () => {
    const seal = decodeSignedData(sealContents(), "the seal", S, true);
    const [der] = revocationArchival(seal.signedData.signerInfos[0]!).crls;
    expect(der).toBeDefined();
    const a = decodeCrl(new Uint8Array(der!), S);
    const reused = new Uint8Array(der!);
    expect(decodeCrl(reused, S)).toBe(a);
    reused.fill(0); // the caller reuses its buffer: the pool is not affected
    expect(decodeCrl(new Uint8Array(der!), S)).toBe(a);
    const other = new Uint8Array(der!);
    other[other.length - 1]! ^= 0x01; // the last byte of the signature: still a CRL, not this one
    expect(decodeCrl(other, S)).not.toBe(a);
  });
});

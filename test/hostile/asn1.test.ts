// ASN.1 shapes that asn1js would decode in unbounded time or memory: refused by the walk in src/pki/der.ts
// before asn1js sees them, wherever they sit (top level, or inside an OCTET STRING that pkijs decodes later).
import { describe, expect, it } from "vitest";
import { FormatError } from "../../src/api/internal.js";
import { DEFAULT_LIMITS } from "../../src/index.js";
import { decodeDer } from "../../src/pki/der.js";
import { verifyArchive } from "../../src/index.js";
import { check, trustDirectory } from "../helpers/fixtures.js";
import { validTokenJson } from "./inputs.js";

/** One DER TLV with a definite length. */
function tlv(tag: number, content: Uint8Array): Uint8Array {
  const n = content.length;
  const len = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 255] : [0x83, n >> 16, (n >> 8) & 255, n & 255];
  return new Uint8Array([tag, ...len, ...content]);
}
const cat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const oid = (bytes: number) => tlv(0x06, new Uint8Array(bytes).fill(1));

// A hang is caught by the test's timeout (vitest.config.ts), not by a timed assertion.
function refused(der: Uint8Array): FormatError {
  let caught: unknown;
  try {
    decodeDer(der, "the test object", DEFAULT_LIMITS);
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(FormatError);
  return caught as FormatError;
}

describe("OBJECT IDENTIFIERs too long for asn1js", () => {
  it("at the top level and nested: refused with the size, before asn1js spends seconds and hundreds of MB", () => {
    expect(refused(oid(1 << 20)).message).toMatch(/the test object holds an OBJECT IDENTIFIER of 1048576 bytes \(more than 1024\)/);
    expect(refused(tlv(0x30, tlv(0x31, oid(DEFAULT_LIMITS.maxOidBytes + 1)))).message).toMatch(/OBJECT IDENTIFIER of 1025 bytes/);
  });

  it("inside an OCTET STRING holding DER (a certificate extension's extnValue, eContent, responseBytes)", () => {
    const extension = tlv(0x30, cat(tlv(0x06, new Uint8Array([0x55, 0x1d, 0x25])), tlv(0x04, tlv(0x30, oid(200_000)))));
    expect(refused(tlv(0x30, extension)).message).toMatch(/OBJECT IDENTIFIER of 200000 bytes/);
  });

  it("an OCTET STRING that only looks like DER cannot hide the OID that follows it", () => {
    const fake = tlv(0x04, cat(new Uint8Array([0x30, 0x04, 0x02, 0x32]), new Uint8Array([1, 2])));
    expect(refused(tlv(0x30, cat(fake, oid(300_000)))).message).toMatch(/OBJECT IDENTIFIER of 300000 bytes/);
  });

  it("real OIDs, and OCTET STRINGs of opaque bytes, are untouched", () => {
    const rsa = tlv(0x06, new Uint8Array([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b]));
    const opaque = tlv(0x04, new Uint8Array(4096).fill(0x06));
    const v = decodeDer(tlv(0x30, cat(rsa, opaque, oid(DEFAULT_LIMITS.maxOidBytes))), "ok", DEFAULT_LIMITS);
    expect(v.valueBeforeDecodeView.byteLength).toBeGreaterThan(DEFAULT_LIMITS.maxOidBytes);
  });

  it("as the Workflow-token certificate: the evidence fails with the reason, in bounded time", async () => {
    const json = JSON.parse(validTokenJson()) as Record<string, unknown>;
    const der = tlv(0x30, tlv(0x30, cat(tlv(0x04, tlv(0x30, oid(500_000))))));
    json.publicSigningCertPem = `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString("base64")}\n-----END CERTIFICATE-----\n`;
    const r = await verifyArchive({ evidence: { name: "workflowtoken.json", bytes: Buffer.from(JSON.stringify(json)) }, trust: [trustDirectory()] });
    expect(r.indication).not.toBe("TOTAL-PASSED");
    expect(check(r, "attachments").message).toMatch(/OBJECT IDENTIFIER of 500000 bytes/);
  });
});

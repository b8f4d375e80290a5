// Revocation items as BouncyCastle (EU DSS) verifies them: BER framing re-framed as DER at every level a
// signature covers, an OCSP response's BasicOCSPResponse (inside its OCTET STRING) included (a10, a11 G1b: the
// CA signed the DER; checked over BER bytes, its "revoked" was "not the CA's statement" and said nothing).
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { bytesEqual, derChildren, derFramed, isDerFramed, readTlv, type DerLimits } from "./der.js";

const OCSP_BASIC = "1.3.6.1.5.5.7.48.1.1"; // id-pkix-ocsp-basic

/** A BasicOCSPResponse as the OCSPResponse (status successful) the OCSP readers take. */
export function asOcspResponse(basic: Uint8Array): Uint8Array {
  const response = new pkijs.OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: 0 }),
    responseBytes: new pkijs.ResponseBytes({ responseType: OCSP_BASIC, response: new asn1js.OctetString({ valueHex: basic }) }),
  });
  return new Uint8Array(response.toSchema().toBER(false));
}

/** The bytes' first value in DER framing (derFramed), or the bytes as they are when BER does not read them. */
function framed(der: Uint8Array, limits: DerLimits, what: string): Uint8Array {
  const f = derFramed(der, limits, what);
  return f && f.end === der.length ? f.der : der;
}

/**
 * A CRL or OCSP response in DER framing at every level its signature covers: the same bytes when they are DER
 * already. An OCSP response whose BasicOCSPResponse is BER is rewrapped around that response's DER. What BER does
 * not read is returned as it is (its decoder then refuses it); a LimitError past the limits.
 */
export function revocationItemDer(kind: "ocsp" | "crl", der: Uint8Array, limits: DerLimits, what: string): Uint8Array {
  if (isDerFramed(der, limits.maxAsn1Depth) && (kind === "crl" || innerIsDer(der, limits))) return der;
  const outer = framed(der, limits, what);
  if (kind === "crl") return outer;
  try {
    const asn = asn1js.fromBER(outer);
    if (asn.offset === -1) return outer;
    const response = new pkijs.OCSPResponse({ schema: asn.result });
    if (response.responseBytes?.responseType !== OCSP_BASIC) return outer;
    const basic = response.responseBytes.response.valueBlock.valueHexView;
    const inner = framed(basic, limits, what);
    if (bytesEqual(inner, basic)) return outer;
    // The same response (its status too) around the DER of what was signed.
    response.responseBytes.response = new asn1js.OctetString({ valueHex: inner });
    return new Uint8Array(response.toSchema().toBER(false));
  } catch {
    return outer; // not an OCSP response: its decoder says so
  }
}

/** An OCSPResponse in DER whose BasicOCSPResponse (responseBytes' OCTET STRING) is DER too, or has none. */
function innerIsDer(der: Uint8Array, limits: DerLimits): boolean {
  const top = readTlv(der, 0, der.length);
  const parts = top && derChildren(der, top.body, top.end);
  const bytes = parts?.[1];
  if (!bytes || bytes.tag !== 0xa0) return true; // no responseBytes: nothing signed inside
  const seq = derChildren(der, bytes.body, bytes.end)?.[0];
  const octets = seq && derChildren(der, seq.body, seq.end)?.[1];
  return !octets || octets.tag !== 0x04 || isDerFramed(der.subarray(octets.body, octets.end), limits.maxAsn1Depth);
}

// --fetch-revocation: an OCSP response from the responder the certificate's Authority Information Access
// names (RFC 6960, POST application/ocsp-request), else a CRL from its CRL distribution points (RFC 5280,
// GET application/pkix-crl). An answer is kept only when it proves the certificate unrevoked (the caller
// checks the responder or CRL issuer, the certificate it is about and the status).
import { randomBytes } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { errorMessage } from "../errors.js";
import type { PkiSession } from "../pki/session.js";
import { exchange, type HttpLimits } from "./http.js";

const AIA = "1.3.6.1.5.5.7.1.1";
const OCSP_METHOD = "1.3.6.1.5.5.7.48.1";
const CRL_DP = "2.5.29.31";
/** id-pkix-ocsp-nonce (RFC 8954). */
const OCSP_NONCE = "1.3.6.1.5.5.7.48.1.2";
/** The nonce's length: 32 bytes, RFC 8954's largest (a responder may refuse a longer one). */
const NONCE_BYTES = 32;

function uris(names: readonly pkijs.GeneralName[] | undefined): string[] {
  return (names ?? []).filter((n) => n.type === 6 && typeof n.value === "string").map((n) => n.value as string);
}

/** The OCSP responder URLs of the certificate's AIA. */
export function ocspUrls(cert: pkijs.Certificate): string[] {
  const ext = cert.extensions?.find((e) => e.extnID === AIA);
  const v = ext?.parsedValue as pkijs.InfoAccess | undefined;
  return uris(v?.accessDescriptions?.filter((d) => d.accessMethod === OCSP_METHOD).map((d) => d.accessLocation));
}

/** The CRL distribution point URLs (full names only). */
export function crlUrls(cert: pkijs.Certificate): string[] {
  const ext = cert.extensions?.find((e) => e.extnID === CRL_DP);
  const v = ext?.parsedValue as pkijs.CRLDistributionPoints | undefined;
  return (v?.distributionPoints ?? []).flatMap((p) => (Array.isArray(p.distributionPoint) ? uris(p.distributionPoint) : []));
}

/** An OCSP request for `cert` with a fresh random nonce (RFC 8954), and that nonce. */
export async function ocspRequest(cert: pkijs.Certificate, issuer: pkijs.Certificate, session: PkiSession): Promise<{ der: Uint8Array; nonce: Uint8Array }> {
  const req = new pkijs.OCSPRequest();
  await req.createForCertificate(cert, { hashAlgorithm: "SHA-1", issuerCertificate: issuer }, session.engine);
  const nonce = new Uint8Array(randomBytes(NONCE_BYTES));
  req.tbsRequest.requestExtensions = [new pkijs.Extension({ extnID: OCSP_NONCE, extnValue: new asn1js.OctetString({ valueHex: nonce }).toBER(false) })];
  return { der: new Uint8Array(req.toSchema(true).toBER(false)), nonce };
}

/**
 * Why a fetched OCSP response may not be used, as far as the exchange goes (its signature, responder, CertID and
 * status the caller judges), or null. The rule: a response that carries a nonce must carry ours (anything else is
 * another request's answer, or a replay); one without a nonce is taken, since RFC 8954 §2.1 lets a responder
 * ignore the extension (pre-signed responses, caches), but then it must be current: its nextUpdate, when it
 * has one, not passed at `now`. An answer we cannot decode is left to the caller's judgement (it says why).
 */
export function fetchedOcspProblem(der: Uint8Array, nonce: Uint8Array, now: Date): string | null {
  let basic: pkijs.BasicOCSPResponse;
  try {
    const resp = pkijs.OCSPResponse.fromBER(der);
    if (!resp.responseBytes) return null;
    basic = new pkijs.BasicOCSPResponse({ schema: asn1js.fromBER(resp.responseBytes.response.valueBlock.valueHexView).result });
  } catch {
    return null;
  }
  const ext = basic.tbsResponseData.responseExtensions?.find((e) => e.extnID === OCSP_NONCE);
  if (ext) {
    const inner = asn1js.fromBER(ext.extnValue.valueBlock.valueHexView).result;
    // RFC 8954 wraps the nonce in an OCTET STRING; some responders put it bare: either must be our bytes.
    const raw = new Uint8Array(ext.extnValue.valueBlock.valueHexView);
    const wrapped = inner instanceof asn1js.OctetString ? new Uint8Array(inner.valueBlock.valueHexView) : null;
    const same = (a: Uint8Array | null) => a !== null && Buffer.from(a).equals(Buffer.from(nonce));
    if (!same(wrapped) && !same(raw)) return "the responder answered with another nonce than the request's (another request's answer, or a replay)";
    return null;
  }
  for (const r of basic.tbsResponseData.responses) {
    if (r.nextUpdate && r.nextUpdate.getTime() < now.getTime())
      return `the answer carries no nonce and is outdated: its nextUpdate ${r.nextUpdate.toISOString()} has passed`;
  }
  return null;
}

/** Why a fetched CRL is not current at `now` (its nextUpdate passed), or null (undecodable: the caller says why). */
function outdatedCrl(der: Uint8Array, now: Date): string | null {
  try {
    const next = pkijs.CertificateRevocationList.fromBER(der).nextUpdate?.value;
    return next && next.getTime() < now.getTime() ? `the CRL is outdated: its nextUpdate ${next.toISOString()} has passed` : null;
  } catch {
    return null;
  }
}

export interface Fetched {
  readonly kind: "ocsps" | "crls";
  readonly url: string;
  readonly der: Uint8Array;
}

/**
 * Every answer the certificate's own pointers give, OCSP first; `judge` says why one does not prove it
 * unrevoked (null: it does). Returns the first that does, and the reasons of the others.
 */
export async function fetchRevocation(
  cert: pkijs.Certificate,
  issuer: pkijs.Certificate,
  session: PkiSession,
  limits: HttpLimits,
  judge: (f: Fetched) => Promise<string | null>,
  now: Date,
): Promise<{ found?: Fetched; problems: string[] }> {
  const problems: string[] = [];
  for (const url of ocspUrls(cert)) {
    try {
      const request = await ocspRequest(cert, issuer, session);
      const der = await exchange(url, "the OCSP responder", {
        body: request.der,
        contentType: "application/ocsp-request",
        accept: ["application/ocsp-response"],
        limits,
      });
      const f: Fetched = { kind: "ocsps", url, der };
      const why = fetchedOcspProblem(der, request.nonce, now) ?? (await judge(f));
      if (why === null) return { found: f, problems };
      problems.push(`${url}: ${why}`);
    } catch (e) {
      problems.push(errorMessage(e));
    }
  }
  for (const url of crlUrls(cert)) {
    try {
      const der = await exchange(url, "the CRL distribution point", {
        accept: ["application/pkix-crl", "application/x-pkcs7-crl", "application/octet-stream"],
        limits,
      });
      const f: Fetched = { kind: "crls", url, der };
      const why = outdatedCrl(der, now) ?? (await judge(f));
      if (why === null) return { found: f, problems };
      problems.push(`${url}: ${why}`);
    } catch (e) {
      problems.push(errorMessage(e));
    }
  }
  if (!problems.length) problems.push("the certificate names no OCSP responder (AIA) and no CRL distribution point");
  return { problems };
}

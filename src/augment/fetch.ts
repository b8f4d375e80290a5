// --fetch-revocation: an OCSP response from the responder the certificate's Authority Information Access
// names (RFC 6960, POST application/ocsp-request), else a CRL from its CRL distribution points (RFC 5280,
// GET application/pkix-crl). An answer is kept only when it proves the certificate unrevoked (the caller
// checks the responder or CRL issuer, the certificate it is about and the status).
import * as pkijs from "pkijs";
import { errorMessage } from "../errors.js";
import type { PkiSession } from "../pki/session.js";
import { exchange, type HttpLimits } from "./http.js";

const AIA = "1.3.6.1.5.5.7.1.1";
const OCSP_METHOD = "1.3.6.1.5.5.7.48.1";
const CRL_DP = "2.5.29.31";

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

export async function ocspRequest(cert: pkijs.Certificate, issuer: pkijs.Certificate, session: PkiSession): Promise<Uint8Array> {
  const req = new pkijs.OCSPRequest();
  await req.createForCertificate(cert, { hashAlgorithm: "SHA-1", issuerCertificate: issuer }, session.engine);
  return new Uint8Array(req.toSchema(true).toBER(false));
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
): Promise<{ found?: Fetched; problems: string[] }> {
  const problems: string[] = [];
  for (const url of ocspUrls(cert)) {
    try {
      const der = await exchange(url, "the OCSP responder", {
        body: await ocspRequest(cert, issuer, session),
        contentType: "application/ocsp-request",
        accept: ["application/ocsp-response"],
        limits,
      });
      const f: Fetched = { kind: "ocsps", url, der };
      const why = await judge(f);
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
      const why = await judge(f);
      if (why === null) return { found: f, problems };
      problems.push(`${url}: ${why}`);
    } catch (e) {
      problems.push(errorMessage(e));
    }
  }
  if (!problems.length) problems.push("the certificate names no OCSP responder (AIA) and no CRL distribution point");
  return { problems };
}

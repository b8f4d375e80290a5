// CRLs archived with a seal (adbe-revocationInfoArchival, or a DSS): signature by the certificate's
// issuer, currency at the sealing time, and whether the certificate is listed (and since when).
import * as pkijs from "pkijs";
import { errorMessage } from "../errors.js";
import { displayName, formatName, sameName } from "./certificate.js";
import { decodeDer, type DerLimits } from "./der.js";
import { DerPool, PerPair } from "./kept.js";
import type { Judgement } from "./ocsp.js";
import { cryptoEngine } from "./crypto-engine.js";

// A CA's CRL of one period is archived with every seal of that period. Large CRLs are not kept (their
// decoded form is ~1 KB per entry).
const pool = new DerPool<pkijs.CertificateRevocationList>(16);
const POOLED_CRL_MAX_BYTES = 64 * 1024;

export function decodeCrl(der: Uint8Array, limits: DerLimits): pkijs.CertificateRevocationList {
  const poolable = der.length <= POOLED_CRL_MAX_BYTES && der.length <= limits.maxDerBytes;
  const { key, value } = poolable ? pool.lookup(der) : { key: "", value: undefined };
  if (value) return value;
  const asn = decodeDer(der, "CRL", limits);
  const crl = new pkijs.CertificateRevocationList({ schema: asn });
  // The pool keeps its own copy of the bytes (`der` may be a view the caller reuses).
  if (poolable) pool.keep(key, Uint8Array.from(der), crl);
  return crl;
}

// A pooled CRL and its pooled issuer repeat across archives: the signature is checked once per pair.
const checked = new PerPair<pkijs.CertificateRevocationList, pkijs.Certificate, { ok: boolean; error?: string }>();

function crlSignedBy(crl: pkijs.CertificateRevocationList, issuer: pkijs.Certificate): Promise<{ ok: boolean; error?: string }> {
  return checked.get(crl, issuer, () =>
    crl.verify({ issuerCertificate: issuer }, cryptoEngine).then((ok) => ({ ok }), (e: unknown) => ({ ok: false, error: errorMessage(e) })),
  );
}

/** Judges one CRL for `target` at `sealingTime`. */
export async function judgeCrl(
  crl: pkijs.CertificateRevocationList,
  target: pkijs.Certificate,
  issuer: pkijs.Certificate | null,
  sealingTime: Date,
  skewSeconds: number,
): Promise<Judgement> {
  const details: Record<string, unknown> = {
    issuer: formatName(crl.issuer),
    thisUpdate: crl.thisUpdate.value.toISOString(),
    nextUpdate: crl.nextUpdate?.value.toISOString(),
  };
  if (!sameName(crl.issuer, target.issuer)) {
    return { status: "indeterminate", subIndication: "TRY_LATER", message: `The CRL is issued by "${displayName(crl.issuer)}", not by the certificate's issuer.`, details };
  }
  if (!issuer) {
    return { status: "indeterminate", subIndication: "NO_CERTIFICATE_CHAIN_FOUND", message: "The CRL's signature cannot be checked without the issuing CA certificate.", details };
  }
  const { ok, error } = await crlSignedBy(crl, issuer);
  if (error) details.error = error;
  if (!ok) return { status: "failed", subIndication: "SIG_CRYPTO_FAILURE", message: "The CRL's signature does not verify with the issuing CA's key.", details };
  const skew = skewSeconds * 1000;
  const t = sealingTime.getTime();
  if (crl.thisUpdate.value.getTime() > t + skew) {
    return { status: "indeterminate", subIndication: "TRY_LATER", message: `The CRL was issued at ${details.thisUpdate}, after the sealing time ${sealingTime.toISOString()}.`, details };
  }
  if (crl.nextUpdate && crl.nextUpdate.value.getTime() + skew < t) {
    return { status: "indeterminate", subIndication: "TRY_LATER", message: `The CRL's nextUpdate (${details.nextUpdate}) is before the sealing time ${sealingTime.toISOString()}: it is stale.`, details };
  }
  const entry = crl.revokedCertificates?.find((r) => r.userCertificate.isEqual(target.serialNumber));
  if (entry) {
    const when = entry.revocationDate.value;
    details.revocationTime = when.toISOString();
    if (when.getTime() <= t) return { status: "failed", subIndication: "REVOKED", message: `The CRL lists the certificate as revoked at ${when.toISOString()}, before the sealing time.`, details };
    return { status: "warning", subIndication: null, message: `The CRL lists the certificate as revoked at ${when.toISOString()}, after the sealing time.`, details };
  }
  return { status: "passed", subIndication: null, message: `Not listed on the CRL of ${details.thisUpdate} by "${displayName(crl.issuer)}".`, details };
}

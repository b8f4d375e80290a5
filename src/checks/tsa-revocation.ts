// The revocation status of a timestamp's TSA path from the evidence's revocation data: long-term validation asks it at
// the proof of existence a later timestamp gives the token, seal-timestamp at the token's own genTime (a22 R1: a TSA
// revoked before its genTime proves no time, EN 319 102-1 REVOKED_NO_POE).
import type * as pkijs from "pkijs";
import { shownSubject } from "../pki/certificate.js";
import { findIssuer } from "../pki/ocsp.js";
import { statusAt } from "../pki/revocation.js";
import type { TimestampInfo } from "../pki/timestamp.js";
import type { CheckEnv, EvidenceRevocation } from "./facts.js";
import { renewedKeyTrust, type RenewedKeyTrust } from "../pki/revocation.js";
import { anchorsFor, type TrustRole } from "../pki/trust-store.js";

/**
 * The TSA's path's status from the revocation data, for a timestamp made at genTime and proven to exist at `poe`:
 * every certificate on the path but the anchor (EN 319 102-1 §5.2.6; DSS's CACertificate constraints), each by
 * the one rule of pki/revocation.ts: a revocation at or before `poe` in any authentic item, whatever its date,
 * decides "revoked"; otherwise an item issued after genTime (fresh against the POE it must speak for) saying
 * "not revoked", or revoked only after `poe`, proves it.
 */
export async function tsaRevocation(
  env: CheckEnv,
  info: TimestampInfo & { signer: pkijs.Certificate; chain: readonly pkijs.Certificate[] },
  poe: Date,
  pool: EvidenceRevocation,
): Promise<{ ok: boolean; text: string; revoked?: true }> {
  const certs = [...info.chain, ...(info.certificates ?? []), ...pool.certs, ...env.trust.intermediates];
  const path = info.chain.length ? info.chain : [info.signer];
  const texts: string[] = [];
  // A CRL of a renewed key of a CA on the TSA's path counts when that key chains to the same anchor (s6 edge d).
  const trust = pathTrust(env, "tsa", info.chain, poe, certs);
  for (let i = 0; i === 0 || i < path.length - 1; i++) {
    const cert = path[i]!;
    const issuer = path[i + 1] ?? (await findIssuer(env.pki, cert, certs));
    const s = await statusAt(
      env.pki,
      { cert, issuer, at: poe, issuedAfter: info.genTime, pool: certs, skewSeconds: env.options.clockSkewSeconds, ...trust },
      pool.data,
    );
    const who = i === 0 ? "" : `its CA ${shownSubject(cert)}: `;
    if (s.statement) return { ok: false, revoked: true, text: `${who}${s.statement.text}, before the proof of existence it needs (${poe.toISOString()})` };
    if (!s.ok)
      return {
        ok: false,
        text: `${who}${s.text === "no revocation data for it" ? (i === 0 ? "no revocation data for the TSA certificate" : "no revocation data for it") : s.text}`,
      };
    texts.push(`${who}${s.text}`);
  }
  return { ok: true, text: texts.join("; ") };
}

/**
 * The trust context a status query about a certificate on `path` (leaf first, anchor last) of `role` carries
 * (s6 edge d): a CRL signed by a renewed key of a CA on it counts when that key's certificate, among `certs` and
 * the trust store's, has its own path at the CRL's date to the same anchor (pki/revocation.ts renewedKeyTrust,
 * U1d's bound). Spread into a StatusQuery; empty without a path to an anchor.
 */
export function pathTrust(
  env: CheckEnv,
  role: TrustRole,
  path: readonly pkijs.Certificate[] | undefined,
  at: Date,
  certs: readonly pkijs.Certificate[],
): { renewed?: RenewedKeyTrust } {
  const renewed = renewedKeyTrust(env.pki, path?.at(-1), {
    anchors: anchorsFor(env.trust, role, at),
    intermediates: [...(path ?? []), ...env.trust.intermediates, ...certs],
    index: env.trust.index.anchors,
  });
  return renewed ? { renewed } : {};
}

// Check "token-signature": the Workflow token's JWS verifies with the attached certificate's key (jose),
// under an allow-listed asymmetric algorithm, and its kid names that certificate (SHA-1 thumbprint).
import { createHash } from "../platform/crypto.js";
import * as jose from "jose";
import { errorMessage } from "../errors.js";
import { decodeCompactJws, type CompactJws } from "../input/jws.js";
import { certificateDer, thumbprint, toPem, shownSubject } from "../pki/certificate.js";
import { BoundedPromises, cacheSlot } from "../pki/kept.js";
import type { PkiSession } from "../pki/session.js";
import { failed, indeterminate, passed, warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { CheckEnv, Established, EvidenceFacts, TokenFacts } from "./facts.js";
import { KEY_HEADERS, refuseAlgorithm, refuseHeader, weakPublicKeyReason } from "../pki/jose-policy.js";
import { quoteName } from "../report/quoted-name.js";

const ID = "token-signature";

type TokenKey = Awaited<ReturnType<typeof jose.importX509>>;

// A broker signs its tokens with one certificate for months: its key is imported once per session, keyed by
// the algorithm and the certificate's SHA-256.
const TOKEN_KEYS = cacheSlot("Workflow-token keys (jose)", () => new BoundedPromises<TokenKey>(64));

function tokenKey(session: PkiSession, der: Uint8Array, alg: string): Promise<TokenKey> {
  return session.cache(TOKEN_KEYS).get(`${alg}|${createHash("sha256").update(der).digest("hex")}`, () => jose.importX509(toPem("CERTIFICATE", der), alg));
}

/** Decodes the token (establishing `jws` when it is a compact JWS) and judges its signature. */
export async function checkTokenSignature(env: CheckEnv, f: Pick<EvidenceFacts, "tokenCert"> & { readonly token: string }): Promise<Established<TokenFacts>> {
  const token = f.token;
  let jws: CompactJws;
  try {
    jws = decodeCompactJws(
      token,
      { maxBytes: env.limits.maxJsonBytes, maxDepth: env.limits.maxJsonDepth, maxJwtBytes: env.limits.maxJwtBytes },
      "the Workflow token",
    );
  } catch (e) {
    return { check: failed(ID, "FORMAT_FAILURE", `${errorMessage(e)}.`), facts: {} };
  }
  return { check: await judge(env, jws, f.tokenCert), facts: { jws } };
}

async function judge(env: CheckEnv, jws: CompactJws, cert: EvidenceFacts["tokenCert"]): Promise<CheckResult> {
  const header = jws.header;
  const alg = header.alg;
  const details: Record<string, unknown> = { header: { alg, kid: header.kid, typ: header.typ } };
  // One JOSE policy with the ID token (src/pki/jose-policy.ts): the same header refusals, the same
  // algorithm verdicts (`none` in any spelling is TOTAL-FAILED for both), the same weak-key rules.
  const refusedHeader = refuseHeader(header, "The token");
  if (refusedHeader) return failed(ID, "FORMAT_FAILURE", `${refusedHeader}.`, { details });
  const refusal = refuseAlgorithm(alg, env.options.tokenAlgorithms);
  if (refusal) {
    return refusal.status === "failed"
      ? failed(ID, "SIG_CRYPTO_FAILURE", refusal.message, { details })
      : indeterminate(ID, "CRYPTO_CONSTRAINTS_FAILURE", refusal.message, { details });
  }
  if (typeof alg !== "string") return failed(ID, "FORMAT_FAILURE", 'The token\'s header has no "alg" string.', { details });
  if (!cert)
    return indeterminate(ID, "NO_SIGNING_CERTIFICATE_FOUND", "The token's certificate is missing or unreadable, so its signature cannot be checked.", {
      details,
    });
  const weak = weakPublicKeyReason(env.pki, cert.subjectPublicKeyInfo);
  if (weak) {
    return indeterminate(ID, "CRYPTO_CONSTRAINTS_FAILURE", `The certificate ${shownSubject(cert)} cannot prove a signature: ${weak}.`, { details });
  }

  let key: TokenKey;
  try {
    key = await tokenKey(env.pki, certificateDer(cert), alg);
  } catch (e) {
    return failed(ID, "SIG_CRYPTO_FAILURE", `The certificate's key cannot be used with ${alg} (${errorMessage(e)}).`, { details });
  }
  try {
    // Only the attached certificate's key is used; jku/jwk/x5u/x5c headers are never followed.
    await jose.compactVerify(jws.compact, key, { algorithms: [alg] });
  } catch (e) {
    const sigFailed = e instanceof jose.errors.JWSSignatureVerificationFailed;
    return failed(
      ID,
      "SIG_CRYPTO_FAILURE",
      sigFailed
        ? `The token's signature does not verify with the key of ${shownSubject(cert)}: the token was altered or signed by another key.`
        : `The token's signature could not be verified (${errorMessage(e)}).`,
      { details },
    );
  }
  const expectedKid = thumbprint(cert, "sha1");
  details.certificateSha1 = expectedKid;
  if (typeof header.kid !== "string") {
    return indeterminate(
      ID,
      "NO_SIGNING_CERTIFICATE_FOUND",
      `The signature verifies, but the token has no "kid" to bind it to the certificate (expected ${expectedKid}).`,
      { details },
    );
  }
  if (header.kid.toUpperCase() !== expectedKid) {
    return indeterminate(
      ID,
      "NO_SIGNING_CERTIFICATE_FOUND",
      `The signature verifies, but the token's kid ${quoteName(String(header.kid))} is not the attached certificate's SHA-1 thumbprint ${expectedKid}: the token names another signing certificate.`,
      { details },
    );
  }
  const smuggled: string[] = KEY_HEADERS.filter((h) => h in header);
  if (smuggled.length || header.kid !== expectedKid) {
    return warning(
      ID,
      `Verified with ${alg} and the attached certificate's key${smuggled.length ? `; the header's ${smuggled.join(", ")} parameter(s) were ignored` : ""}${header.kid !== expectedKid ? "; the kid is not in upper case as the broker writes it" : ""}.`,
      { details: { ...details, ignoredHeaders: smuggled } },
    );
  }
  return passed(ID, `Verified with ${alg} and the key of ${shownSubject(cert)}, whose SHA-1 thumbprint is the token's kid.`, { details });
}

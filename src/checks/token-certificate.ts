// Check "token-certificate": the token's certificate chains to a --trust anchor (RSASSA-PSS included) and
// every certificate on the path was valid at the validation time; its key usage allows signing.
import { keyUsages, summarize, shownSubject } from "../pki/certificate.js";
import { quoteName } from "../report/quoted-name.js";
import { anchorsFor, listNote, listServiceOf, listServiceSentence } from "../pki/trust-store.js";
import { nameAttributeValues, organizationIdentifier } from "../evidence/broker-identity.js";
import { describePath, validateChain } from "../pki/chain.js";
import { findIssuer } from "../pki/ocsp.js";
import { pathStatusAt } from "../pki/revocation.js";
import { pathTrust } from "./revocation-items.js";
import { failed, indeterminate, passed } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import { evidenceTime, type ArchiveFacts, type CheckEnv, type Established, type TokenPathFacts, type With } from "./facts.js";

const ID = "token-certificate";

/** The known profile of the broker's token certificate (docs/evidence.md §4), from parsed attributes. */
function profile(cert: import("pkijs").Certificate): string {
  const cn = nameAttributeValues(cert.subject, "2.5.4.3");
  const o = nameAttributeValues(cert.subject, "2.5.4.10");
  return cn.length === 1 && cn[0]?.startsWith("NEB Transact") && o.length === 1 && o[0] === "Signaturgruppen A/S" ? "broker-token-certificate" : "other";
}

type Needs = Pick<ArchiveFacts, "tokenCert" | "ocsp" | "sealTimestamp" | "claims" | "revocationItems">;

export async function checkTokenCertificate(env: CheckEnv, f: With<Needs, "tokenCert" | "revocationItems">): Promise<Established<TokenPathFacts>> {
  const cert = f.tokenCert;
  const at = evidenceTime(env, f).time;
  const anchors = anchorsFor(env.trust, "token", at);
  const chain = await validateChain(cert, {
    anchors,
    intermediates: [...env.trust.intermediates, ...(f.ocsp?.certificates ?? [])],
    at,
    session: env.pki,
    index: env.trust.index.anchors,
  });
  const tokenIssuer = chain.path[1] ?? (await findIssuer(env.pki, cert, [...anchors, ...env.trust.intermediates]));
  return { check: await judge(env, f, cert, chain), facts: { tokenChain: chain, tokenIssuer } };
}

async function judge(
  env: CheckEnv,
  f: With<Needs, "revocationItems">,
  cert: NonNullable<Needs["tokenCert"]>,
  chain: NonNullable<TokenPathFacts["tokenChain"]>,
): Promise<CheckResult> {
  const at = evidenceTime(env, f);
  const subject = shownSubject(cert);
  const org = organizationIdentifier(cert);
  const organization = org.value;
  const details: Record<string, unknown> = {
    certificate: summarize(cert),
    profile: profile(cert),
    organizationIdentifier: organization,
    acceptedSigners: env.options.tokenSignerOrganizations,
    path: describePath(chain.path),
  };
  const listed = chain.status === "valid" ? listServiceOf(env.trust, chain.path.at(-1), "token", at.time) : null;
  if (listed) details.trustedListService = listed;
  if (organization === null || !env.options.tokenSignerOrganizations.includes(organization)) {
    // Any holder of an OCES certificate could sign a JWT that looks like a Workflow token: only a token
    // signed by the broker's own certificate is one.
    return failed(
      ID,
      "FORMAT_FAILURE",
      `${subject} (${organization !== null ? `organizationIdentifier ${quoteName(organization)}` : `its subject has ${org.problem}`}) is not the broker's token certificate (${env.options.tokenSignerOrganizations.join(", ")}): this is not a Workflow token issued by the broker.`,
      { at, details },
    );
  }
  if (chain.status !== "valid") {
    const sub = chain.subIndication ?? "CERTIFICATE_CHAIN_GENERAL_FAILURE";
    const note =
      chain.status === "no-chain" ? listNote(env.trust, [cert, ...env.trust.intermediates, ...(f.ocsp?.certificates ?? [])], "token", at.time) : null;
    const message = `${chain.message}${note ? ` ${note}` : ""}`;
    return chain.status === "not-yet-valid" ? failed(ID, sub, message, { at, details }) : indeterminate(ID, sub, message, { at, details });
  }
  const ku = keyUsages(cert);
  if (ku && !ku.includes("digitalSignature") && !ku.includes("nonRepudiation")) {
    return indeterminate(
      ID,
      "CHAIN_CONSTRAINTS_FAILURE",
      `${subject} may not sign: its key usage is ${ku.join(", ")} (digitalSignature or nonRepudiation required).`,
      { at, details },
    );
  }
  // Every CA above the token certificate but the anchor: acceptable revocation data at the sealing time (EN 319
  // 102-1 §5.2.6, the one rule of pki/revocation.ts), from every item the evidence holds (attack36b T2: the DSS,
  // the seal's and the timestamps' CMS, the token's own response). The token certificate itself is judged by the
  // same rule in the OCSP checks.
  const file = f.revocationItems;
  const above = await pathStatusAt(
    env.pki,
    chain.path,
    1,
    {
      at: at.time,
      pool: [...chain.path, ...env.trust.intermediates, ...file.certs],
      skewSeconds: env.options.clockSkewSeconds,
      ...pathTrust(env, "token", chain.path, at.time, file.certs),
    },
    file.data,
  );
  if (above.cert && above.status) {
    const ca = `${shownSubject(above.cert)}, a CA on the token certificate's path`;
    details.caRevocation = { certificate: summarize(above.cert), status: above.status.text };
    return above.status.revokedAt
      ? indeterminate(ID, "REVOKED_CA_NO_POE", `${ca}, was revoked: ${above.status.text}.`, { at, details })
      : indeterminate(ID, "TRY_LATER", `${ca}, has no acceptable revocation data at ${at.time.toISOString()} (${above.status.text}).`, { at, details });
  }
  if (above.texts.length) details.caRevocation = above.texts;
  return passed(ID, `${subject}: ${chain.message}${listed ? ` ${listServiceSentence(listed)}` : ""}`, { at, details });
}

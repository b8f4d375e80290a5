// The broker's issuers (evidence.md §3/§5) and how a caller names the one it expects.
import { SealcheckError } from "../errors.js";
import { BROKER_ISSUERS, ORGANISATION_ID } from "../evidence/broker.js";
import { DEV_ISSUER, DEV_ISSUER_NAME } from "./dev-token.js";

export { ORGANISATION_ID, type BrokerEnvironment } from "../evidence/broker.js";

/**
 * An environment name becomes its issuer URL; anything else must be an absolute http(s) URL and is kept
 * byte for byte, because `iss` is compared exactly (OIDC Core §3.1.3.7: no normalisation).
 */
export function resolveIssuer(issuerOrEnvironment: string): string {
  const known = (BROKER_ISSUERS as Record<string, string>)[issuerOrEnvironment];
  if (known) return known;
  if (issuerOrEnvironment === DEV_ISSUER_NAME) return DEV_ISSUER;
  let url: URL;
  try {
    url = new URL(issuerOrEnvironment);
  } catch {
    throw new SealcheckError(
      "ERR_USAGE",
      `issuer "${issuerOrEnvironment}" is neither a URL nor one of ${Object.keys(BROKER_ISSUERS).join(", ")} (or ${DEV_ISSUER_NAME}, the test-only issuer of sealcheck dev-token)`,
      { option: "issuer" },
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new SealcheckError("ERR_USAGE", `issuer "${issuerOrEnvironment}" must be an https URL`, { option: "issuer" });
  }
  return issuerOrEnvironment;
}

/** `what`: the option's name (audience, sender), which the error carries. */
export function assertOrganisationId(value: string, what: string): void {
  if (typeof value !== "string")
    throw new SealcheckError("ERR_USAGE", `${what}: required, "DK" followed by an 8-digit CVR number (e.g. DK12345678)`, { option: what });
  if (!ORGANISATION_ID.test(value)) {
    throw new SealcheckError("ERR_USAGE", `${what} "${value}" is not "DK" followed by an 8-digit CVR number (e.g. DK12345678)`, { option: what });
  }
}

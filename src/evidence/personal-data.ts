// Which user claims are personal data (GDPR), so that renderers can mask them and reports can say which
// exist. An allow-list: the claims known NOT to be personal (the level of assurance, the identity provider,
// the authentication time, the test flag…) are shown; every other claim is masked, whatever its name (a
// transfer carries arbitrary claims, identity providers name a person's id and name in many ways). The kind
// (name, national id, age…) is read from the name's last segment where it says; else "other".

import type { PersonalDataKind } from "../report/types.js";

export type { PersonalDataKind };

/**
 * Claims that name no person (docs/contract.md, "Personal data"): MitID's and NemLog-in's assurance levels and
 * identity provider, the authentication time, the test flag, the kind of a qualified signature. Exact names:
 * `idp_identity_id` or `x.idp` are not these.
 */
const NOT_PERSONAL_CLAIMS: ReadonlySet<string> = new Set(["loa", "ial", "idp", "auth_time", "simulated", "signatureType", "acr", "amr"]);

const SEG = String.raw`(^|[./:#_-])`;
const RULES: [PersonalDataKind, RegExp][] = [
  ["national-id", new RegExp(`${SEG}(cpr|cpr_?number|personnummer|ssn|national_?id)$`, "i")],
  ["ip-address", new RegExp(`${SEG}(ip|ip_?address|ipaddress|client_?ip)$`, "i")],
  ["age", new RegExp(`${SEG}(age|is_?over_?\\d+|age_?over_?\\d+|birth_?date|date_?of_?birth|dob)$`, "i")],
  ["name", new RegExp(`${SEG}(name|identity_?name|given_?name|family_?name|first_?name|last_?name|sur_?name|nl3name|full_?name)$`, "i")],
  ["contact", new RegExp(`${SEG}(email|e_?mail|phone|phone_?number|mobile|address)$`, "i")],
  // The identity provider's id of the person (MitID's idp_identity_id UUID): it singles the person out.
  ["identity-id", new RegExp(`${SEG}(identity_?id|persistent_?id|persistent_?professional_?id|nl3uuid|uuid)$`, "i")],
];

/** The claim's personal-data kind; null only for the claims known not to be personal. */
export function personalDataKind(claimName: string): PersonalDataKind | null {
  if (NOT_PERSONAL_CLAIMS.has(claimName)) return null;
  for (const [kind, re] of RULES) if (re.test(claimName)) return kind;
  return "other";
}

/** The mask shown for a claim's value: the same width for every value, so that it tells nothing of the value. */
export const MASK = "••••••••";

/** Masks a value for display: a fixed-width mask (its length would tell `true` from `false`, short from long). */
export function mask(_value: unknown): string {
  return MASK;
}

/**
 * The PAdES claim-output filter the token copy appears to have been built with (the broker's interface):
 * `All` adds IP address and national id, `IncludeAgeClaims` adds age claims, `Restricted` has neither.
 */
export function inferClaimFilter(claimNames: Iterable<string>): "All" | "IncludeAgeClaims" | "Restricted" {
  const kinds = new Set([...claimNames].map(personalDataKind));
  if (kinds.has("national-id") || kinds.has("ip-address")) return "All";
  if (kinds.has("age")) return "IncludeAgeClaims";
  return "Restricted";
}

// Which user claims are personal data (GDPR), so that renderers can mask them and reports can say which
// exist. Claim names vary by identity provider (MitID, MitID Erhverv, NemLog-in), so names are matched by
// pattern on their last segment.

import type { PersonalDataKind } from "../report/types.js";

export type { PersonalDataKind };

const RULES: [PersonalDataKind, RegExp][] = [
  ["national-id", /(^|[._-])(cpr|cpr_?number|personnummer|ssn|national_?id)$/i],
  ["ip-address", /(^|[._-])(ip|ip_?address|ipaddress|client_?ip)$/i],
  ["age", /(^|[._-])(age|is_?over_?\d+|age_?over_?\d+|birth_?date|date_?of_?birth|dob)$/i],
  ["name", /(^|[._-])(name|identity_?name|given_?name|family_?name|nl3name|full_?name)$/i],
  ["contact", /(^|[._-])(email|e_?mail|phone|phone_?number|mobile)$/i],
  // The identity provider's id of the person (MitID's idp_identity_id UUID): it singles the person out.
  ["identity-id", /(^|[._-])(identity_?id|persistent_?id)$/i],
];

export function personalDataKind(claimName: string): PersonalDataKind | null {
  for (const [kind, re] of RULES) if (re.test(claimName)) return kind;
  return null;
}

/** Masks a value for display: keeps its shape (length class), not its content. */
export function mask(value: unknown): string {
  const s = typeof value === "string" ? value : JSON.stringify(value);
  return s === undefined || s.length === 0 ? "" : "•".repeat(Math.min(8, Math.max(3, s.length)));
}

/**
 * The PAdES claim-output filter the token copy appears to have been built with (interface.md): `All` adds
 * IP address and national id, `IncludeAgeClaims` adds age claims, `Restricted` has neither.
 */
export function inferClaimFilter(claimNames: Iterable<string>): "All" | "IncludeAgeClaims" | "Restricted" {
  const kinds = new Set([...claimNames].map(personalDataKind));
  if (kinds.has("national-id") || kinds.has("ip-address")) return "All";
  if (kinds.has("age")) return "IncludeAgeClaims";
  return "Restricted";
}

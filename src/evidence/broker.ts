// Facts about the broker shared by the archive and ID-token verifiers (evidence.md §3, §5).

export const BROKER_ISSUERS = Object.freeze({
  production: "https://netseidbroker.dk/op",
  preproduction: "https://pp.netseidbroker.dk/op",
  test: "https://test.netseidbroker.dk/op",
} as const);
export type BrokerEnvironment = keyof typeof BROKER_ISSUERS;

export function brokerEnvironment(iss: unknown): BrokerEnvironment | null {
  for (const [env, url] of Object.entries(BROKER_ISSUERS)) if (iss === url) return env as BrokerEnvironment;
  return null;
}

/** `"DK"` + 8-digit CVR, the form the broker uses for organisations (`aud`, `organization_tin`, `ct_sender`). */
export const ORGANISATION_ID = /^DK[0-9]{8}$/;

// The JWS algorithms the ID-token verifier can use (its own module, so that key handling and the public
// types both import it without importing each other).

/** Asymmetric JWS algorithms this verifier can use. Symmetric (HS*) and `none` are never accepted. */
export const SUPPORTED_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"] as const;

export type IdTokenAlgorithm = (typeof SUPPORTED_ALGORITHMS)[number];

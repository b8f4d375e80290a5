// `sealcheck/dev-token`: TEST ONLY. A key set and ID tokens shaped like the broker's, for a receiver to try
// replay detection, key rotation and expiry without the broker (what `sealcheck dev-token` does, which uses
// these). Every token is marked three ways (the issuer https://broker.sealcheck-dev.test/op, under the reserved
// `.test` domain; a `sealcheck-dev-token` header parameter; a `sealcheck_dev_token` claim) and every key set
// file one way. verifyIdToken accepts a dev token only with the dev key set given explicitly (staticKeys or
// loadKeysFile of a snapshot), with the issuer `sealcheck-dev`, and then says TEST ONLY; against the broker's
// keys or discovery it is TOTAL-FAILED. A dev token never claims a real issuer (devIssuer: one rule).
// Never use this entry in production code: nothing it makes is evidence of a transfer.
export {
  DEV_ISSUER,
  DEV_ISSUER_NAME,
  DEV_KEY_FILES,
  devIssuer,
  makeDevKeys,
  readDevKeys,
  signDevToken,
  writeDevKeys,
  type DevKeys,
  type DevTokenOptions,
} from "../idtoken/dev-token.js";

// samples/receiver/: what a receiver of controlled transfers can try sealcheck on — an ID token as the broker's
// exchange endpoint returns it, the key set that verifies it (shaped like the broker's: kid = SHA-1 thumbprint,
// x5c, no alg, an encryption key beside it) and the command. Made with a fresh test key, whose private half is
// thrown away: only the public key set is kept. Fictitious organisations and person.
// Run: npx tsx scripts/generate-receiver-sample.ts
import { createHash, createPublicKey, sign } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { OIDS } from "./generator/der.js";
import { generateRsaKey } from "./generator/keys.js";
import { issueCertificate } from "./generator/pki.js";

const dir = "samples/receiver";
const ISSUER = "https://test.netseidbroker.dk/op";
const RECEIVER = "DK11111111";
const SENDER = "DK22222222";
const ISSUED = Date.parse("2025-12-08T08:36:35Z") / 1000;

function key(name: string, serial: number) {
  const privateKey = generateRsaKey(2048);
  const der = Buffer.from(
    issueCertificate({
      subject: [[OIDS.commonName, name]],
      subjectKey: privateKey,
      notBefore: new Date("2025-01-01T00:00:00Z"),
      notAfter: new Date("2030-01-01T00:00:00Z"),
      serial: new Uint8Array([serial]),
      extensions: [],
    }),
  );
  return { privateKey, kid: createHash("sha1").update(der).digest("hex").toUpperCase(), x5c: der.toString("base64") };
}

const signing = key("Sealcheck Sample Broker Signing", 1);
const encryption = key("Sealcheck Sample Broker Encryption", 2);
const jwk = (k: typeof signing, use: string) => ({
  ...(createPublicKey(k.privateKey).export({ format: "jwk" }) as object),
  kid: use === "enc" ? `${k.kid}-ENC` : k.kid,
  use,
  x5c: [k.x5c],
});
const jwks = { keys: [jwk(signing, "sig"), jwk(encryption, "enc")] };

const b64u = (s: string | Buffer): string => Buffer.from(s).toString("base64url");
const header = { alg: "RS256", kid: signing.kid, typ: "JWT" };
const payload = {
  iss: ISSUER,
  nbf: ISSUED,
  iat: ISSUED,
  exp: ISSUED + 300,
  aud: RECEIVER,
  ct_claims: JSON.stringify({ name: "Jens Hansen", cpr: "0101801234", role: "tenant" }),
  ct_id: "7d0f4c1e-3b52-4d0a-9a57-2f1c6e8b9a10",
  ct_sender: SENDER,
  ct_sender_traceId: "case-4711",
};
const input = `${b64u(JSON.stringify(header))}.${b64u(JSON.stringify(payload))}`;
const token = `${input}.${b64u(sign("sha256", Buffer.from(input), signing.privateKey))}`;

mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "id-token.jwt"), `${token}\n`);
writeFileSync(join(dir, "jwks.json"), `${JSON.stringify(jwks, null, 2)}\n`);
console.log(`wrote ${dir}/id-token.jwt and ${dir}/jwks.json`);

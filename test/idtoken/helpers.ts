// Test fixtures for ID tokens: the tests' own "broker" keys (with x5c certificates, as the real JWKS has),
// a raw JWS minter that can produce malformed and hostile tokens, and a bounded HTTP server on 127.0.0.1.
import { constants, createHash, createHmac, createPublicKey, KeyObject, randomUUID, sign } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { OIDS } from "../../scripts/generator/der.js";
import { generateEcKey, generateRsaKey } from "../../scripts/generator/keys.js";
import { issueCertificate } from "../../scripts/generator/pki.js";

export const AUDIENCE = "DK11111111";
export const SENDER = "DK22222222";
export const ISSUER = "https://test.netseidbroker.dk/op";

export interface TestKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Standard base64 DER of a self-signed certificate for the key. */
  certB64: string;
  alg: "RS256" | "ES256";
}

let serial = 1;

/** A signing key with a self-signed certificate (the project's generator); kid = SHA-1 thumbprint in upper-case hex, like the broker's. */
export async function makeKey(alg: "RS256" | "ES256" = "RS256", name = "Test Broker Signing"): Promise<TestKey> {
  const privateKey = alg === "RS256" ? generateRsaKey(2048) : generateEcKey("P-256");
  const der = Buffer.from(
    issueCertificate({
      subject: [[OIDS.commonName, name]],
      subjectKey: privateKey,
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2040-01-01T00:00:00Z"),
      serial: new Uint8Array([serial++]),
      extensions: [],
    }),
  );
  return {
    kid: createHash("sha1").update(der).digest("hex").toUpperCase(),
    privateKey,
    publicKey: createPublicKey(privateKey),
    certB64: der.toString("base64"),
    alg,
  };
}

/** The JWK as the broker publishes it today: kid, x5c, key members, no alg. */
export function publicJwk(k: TestKey, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...(k.publicKey.export({ format: "jwk" }) as Record<string, unknown>), kid: k.kid, use: "sig", x5c: [k.certB64], ...extra };
}

/** An encryption key entry like the real JWKS's (use: enc), optionally with the 2022 XML-Encryption alg URI. */
export function encJwk(k: TestKey, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...(k.publicKey.export({ format: "jwk" }) as Record<string, unknown>), kid: `${k.kid}-ENC`, use: "enc", ...extra };
}

export function jwksOf(...keys: Record<string, unknown>[]): { keys: Record<string, unknown>[] } {
  return { keys };
}

const b64u = (s: string | Buffer) => Buffer.from(s).toString("base64url");

/** Signs raw header/payload JSON text (so tests can write duplicate keys); alg from the header text. */
export function signRaw(headerJson: string, payloadJson: string, key: KeyObject | Buffer, alg: string): string {
  const input = `${b64u(headerJson)}.${b64u(payloadJson)}`;
  let sig: Buffer;
  if (alg === "none") sig = Buffer.alloc(0);
  else if (alg.startsWith("HS"))
    sig = createHmac(`sha${alg.slice(2)}`, key as Buffer)
      .update(input)
      .digest();
  else if (alg.startsWith("ES")) sig = sign(`sha${alg.slice(2)}`, Buffer.from(input), { key: key as KeyObject, dsaEncoding: "ieee-p1363" });
  else if (alg.startsWith("PS"))
    sig = sign(`sha${alg.slice(2)}`, Buffer.from(input), {
      key: key as KeyObject,
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: Number(alg.slice(2)) / 8,
    });
  else sig = sign(`sha${alg.slice(2)}`, Buffer.from(input), key as KeyObject);
  return `${input}.${b64u(sig)}`;
}

export function transferPayload(overrides: Record<string, unknown> = {}, nowSec = Math.floor(Date.now() / 1000)): Record<string, unknown> {
  return {
    iss: ISSUER,
    nbf: nowSec,
    iat: nowSec,
    exp: nowSec + 300,
    aud: AUDIENCE,
    ct_claims: JSON.stringify({ name: "Jens Hansen", cpr: "0101801234" }),
    ct_id: randomUUID(),
    ct_sender: SENDER,
    ct_sender_traceId: "trace-42",
    ...overrides,
  };
}

/** A transfer ID token signed by `key`; undefined values in the overrides remove the claim or header. */
export function mint(key: TestKey, payload: Record<string, unknown> = {}, header: Record<string, unknown> = {}): string {
  const h = JSON.parse(JSON.stringify({ alg: key.alg, kid: key.kid, typ: "JWT", ...header })) as Record<string, unknown>;
  const p = JSON.parse(JSON.stringify(transferPayload(payload))) as Record<string, unknown>;
  return signRaw(JSON.stringify(h), JSON.stringify(p), key.privateKey, typeof h.alg === "string" ? h.alg : key.alg);
}

export interface TestServer {
  origin: string;
  issuer: string;
  hits: Map<string, number>;
  /** Handlers by path; replace them between tests. */
  routes: Map<string, (req: IncomingMessage, res: ServerResponse) => void>;
  close(): Promise<void>;
}

export function json(body: unknown, contentType = "application/json") {
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { "content-type": contentType });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
}

/** A discovery + JWKS server on 127.0.0.1 with an ephemeral port. `close()` drops open connections. */
export async function startServer(): Promise<TestServer> {
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    issuer: `${origin}/op`,
    hits,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves a broker-like discovery document and JWKS for `issuer` (the discovery issuer can be overridden). */
export function serveBroker(srv: TestServer, jwks: unknown, discoveryIssuer = srv.issuer): void {
  srv.routes.set(
    "/op/.well-known/openid-configuration",
    json({
      issuer: discoveryIssuer,
      jwks_uri: `${srv.issuer}/.well-known/openid-configuration/jwks`,
      id_token_signing_alg_values_supported: ["RS256"],
    }),
  );
  srv.routes.set("/op/.well-known/openid-configuration/jwks", json(jwks));
}

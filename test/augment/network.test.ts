// --fetch-revocation against real servers on 127.0.0.1 (issue 36 part 5): the OCSP request carries a fresh
// nonce and an answer that echoes another is refused (one that echoes none is taken when current: RFC 8954
// §2.1); a certificate that names only a CRL distribution point gets its CRL fetched, verified and put in the
// DSS, and a CRL that lists it revoked stops augment before anything is written.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildArchive,
  extensions,
  generateRsaKey,
  issueCertificate,
  issued,
  OIDS,
  serialBytes,
  serialFor,
  spkiDer,
  startOcsp,
  startTsa,
  type Asn1,
  type Issued,
  type Loopback,
  type OcspEntry,
  type OcspNonceMode,
  type TsaMode,
} from "../../scripts/generator/index.js";
import { SealcheckError } from "../../src/index.js";
import { augmentArchive } from "../../src/api/internal.js";
import { tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const pki = testPki();

/** A time-stamping unit certificate of the test TSA CA, pointing where `pointer` says. */
function tsaWith(name: string, pointer: Asn1): Issued {
  const key = generateRsaKey(2048);
  return issued(
    "tsa",
    issueCertificate({
      subject: [
        ["2.5.4.6", "DK"],
        [OIDS.organization, "Sealcheck Test"],
        [OIDS.commonName, `Sealcheck Test Time-Stamping Unit ${name}`],
      ],
      subjectKey: key,
      issuer: pki.tsaRoot,
      notBefore: new Date("2023-01-01T00:00:00Z"),
      notAfter: new Date("2030-01-01T00:00:00Z"),
      serial: serialFor(`tsa-${name}`),
      extensions: [
        extensions.keyUsage("digitalSignature", "nonRepudiation"),
        extensions.extKeyUsage(true, OIDS.kpTimeStamping),
        extensions.authorityKeyIdentifier(spkiDer(pki.tsaRoot.key)),
        extensions.subjectKeyIdentifier(spkiDer(key)),
        pointer,
      ],
    }),
    key,
  );
}

let tsa: Loopback & { mode: TsaMode };
let server: Loopback & { nonce: OcspNonceMode; lastNonce: Uint8Array | null };
let dir: string;
let aiaArchive: string;
let crlArchive: string;
let crlTsa: Issued;
let revoked: { serial: Uint8Array; at: Date }[] = [];

beforeAll(async () => {
  tsa = await startTsa(pki.tsa);
  dir = tempDir("augment-network-");
  const entries: OcspEntry[] = [];
  server = await startOcsp(entries, { crls: { "tsa-root": pki.tsaRoot }, revoked: () => revoked });
  const aiaTsa = tsaWith("OCSP", extensions.ocspUrl(`${server.url}/ocsp`));
  entries.push({ subject: aiaTsa, issuer: pki.tsaRoot, responder: pki.tsaRoot });
  crlTsa = tsaWith("CRL", extensions.crlUrl(`${server.url}/crl/tsa-root`));
  aiaArchive = join(dir, "aia.pdf");
  writeFileSync(aiaArchive, (await buildArchive({ ...pki, tsa: aiaTsa })).pdf);
  crlArchive = join(dir, "crl.pdf");
  writeFileSync(crlArchive, (await buildArchive({ ...pki, tsa: crlTsa })).pdf);
}, 90_000);
afterAll(async () => {
  await tsa?.close();
  await server?.close();
});

const augment = (evidence: string) => augmentArchive({ evidence, tsa: tsa.url, trust: [trustDirectory()], fetchRevocation: true });
const refusal = async (p: Promise<unknown>): Promise<SealcheckError> => {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(SealcheckError);
  return e as SealcheckError;
};

describe("OCSP requests carry a nonce (RFC 8954)", () => {
  it("the request's nonce is 32 random bytes, and an answer that echoes it is used", async () => {
    server.nonce = "echo";
    const r = await augment(aiaArchive);
    expect(server.lastNonce?.length).toBe(32);
    expect(r.fetched).toEqual([`${server.url}/ocsp`]);
    expect(r.after).toMatchObject({ indication: "TOTAL-PASSED", padesLevel: "B-LTA" });
    const first = server.lastNonce!;
    await augment(aiaArchive);
    expect(Buffer.from(server.lastNonce!).equals(Buffer.from(first))).toBe(false);
  }, 60_000);

  it("an answer with another nonce is refused (another request's answer, or a replay): nothing is written", async () => {
    server.nonce = "wrong";
    try {
      const e = await refusal(augment(aiaArchive));
      expect(e.code).toBe("ERR_AUGMENT");
      expect(e.message).toMatch(/Time-Stamping Unit OCSP.*answered with another nonce than the request's/);
    } finally {
      server.nonce = "echo";
    }
  }, 60_000);

  it("an answer without a nonce (a responder that ignores it) is taken when current", async () => {
    server.nonce = "none";
    try {
      const r = await augment(aiaArchive);
      expect(r.fetched).toEqual([`${server.url}/ocsp`]);
    } finally {
      server.nonce = "echo";
    }
  }, 60_000);
});

describe("CRL from the certificate's CRL distribution point", () => {
  it("fetches the CRL the TSA certificate names, verifies it and puts it in the DSS", async () => {
    revoked = [];
    const before = server.requests;
    const r = await augment(crlArchive);
    expect(server.requests).toBe(before + 1);
    expect(r.fetched).toEqual([`${server.url}/crl/tsa-root`]);
    expect(r.added.crls).toBe(1);
    expect(r.after).toMatchObject({ indication: "TOTAL-PASSED", padesLevel: "B-LTA" });
  }, 60_000);

  it("a CRL that lists the TSA certificate revoked: nothing is written, the message names it", async () => {
    revoked = [{ serial: serialBytes(crlTsa), at: new Date(Date.now() - 86400_000) }];
    try {
      const e = await refusal(augment(crlArchive));
      expect(e.code).toBe("ERR_AUGMENT");
      // attack36 A1: an authentic "revoked" stops augment, named with where it came from.
      expect(e.message).toMatch(/Time-Stamping Unit CRL.* is revoked: the CRL of .* lists it as revoked at .*crl\/tsa-root\).*nothing was written/);
    } finally {
      revoked = [];
    }
  }, 60_000);
});

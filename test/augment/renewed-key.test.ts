// s6 edge d in augment: verify reads a CRL or an OCSP response signed by a CA's renewed key (a certificate of the
// CA's name with its own path to the same anchor) as the CA's statement, but augment's status queries carried no
// renewed-key trust: an authentic "revoked" about the TSA from the TSA root's new key was "not the CA's" there, a
// "good" proved the TSA, and the renewal went ahead (the revoked answer, given with --ocsp/--crl, is not written).
// Each query now carries its path's trust, as verify's do, and the renewal stops naming the answer.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCrl,
  createOcspResponse,
  extensions,
  generateEcKey,
  issueCertificate,
  issued,
  serialBytes,
  serialFor,
  spkiDer,
} from "../../scripts/generator/index.js";
import { startTsa, type Loopback, type TsaMode } from "../../scripts/generator/index.js";
import { SealcheckError } from "../../src/index.js";
import { augmentArchive } from "../../src/api/internal.js";
import { tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const pki = testPki();
const SAMPLE = "samples/valid/archive.pdf";
const DAY = 86400_000;
const now = new Date();
// The TSA root's renewed key: a link certificate of its name issued by the root itself (the anchor).
const key2 = generateEcKey();
const link = issued(
  "tsaRoot",
  issueCertificate({
    subject: pki.tsaRoot.cert.subject.typesAndValues.map((t) => [t.type, t.value.valueBlock.value] as [string, string]),
    subjectKey: key2,
    issuer: pki.tsaRoot,
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2125-01-01T00:00:00Z"),
    serial: serialFor("augment-renewed-tsa-root"),
    extensions: [
      extensions.basicConstraints(true),
      extensions.keyUsage("keyCertSign", "cRLSign"),
      extensions.subjectKeyIdentifier(spkiDer(key2)),
      extensions.authorityKeyIdentifier(spkiDer(pki.tsaRoot.key)),
    ],
  }),
  key2,
);
const good = createOcspResponse({ subject: pki.tsa, issuer: pki.tsaRoot, responder: pki.tsaRoot, producedAt: now, thisUpdate: now });

let tsa: Loopback & { mode: TsaMode };
beforeAll(async () => {
  tsa = await startTsa(pki.tsa);
}, 60_000);
afterAll(async () => {
  await tsa?.close();
});

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "augmented",
    (e: unknown) => (e instanceof SealcheckError ? `${e.code}: ${e.message}` : String(e)),
  );

describe("augment reads a CA's renewed key as verify does (s6 edge d)", () => {
  it("an OCSP response signed by the TSA root's renewed key says the TSA was revoked yesterday: the renewal stops (was: augmented)", async () => {
    const revoked = createOcspResponse({
      subject: pki.tsa,
      issuer: pki.tsaRoot,
      responder: link,
      producedAt: now,
      thisUpdate: now,
      status: { revokedAt: new Date(now.getTime() - DAY), reason: 1 },
    });
    const msg = await refusal(augmentArchive({ evidence: SAMPLE, tsa: tsa.url, trust: [trustDirectory()], ocsp: [good, revoked] }));
    expect(msg).toMatch(/^ERR_AUGMENT: .*Time-Stamping Unit 1.* is revoked: the OCSP response of .* says it was revoked at .*nothing was written/);
  }, 60_000);

  it("a CRL of the TSA root's name signed by its renewed key lists the TSA: the renewal stops (was: augmented)", async () => {
    const linkFile = join(tempDir("augment-renewed-"), "link.pem");
    writeFileSync(linkFile, link.pem);
    const crl = createCrl({
      issuer: link,
      number: 5,
      thisUpdate: now,
      nextUpdate: new Date(now.getTime() + 7 * DAY),
      revoked: [{ serial: serialBytes(pki.tsa), at: new Date(now.getTime() - DAY), reason: 1 }],
    });
    const msg = await refusal(augmentArchive({ evidence: SAMPLE, tsa: tsa.url, trust: [trustDirectory()], ocsp: [good], crl: [crl], certs: [linkFile] }));
    expect(msg).toMatch(/^ERR_AUGMENT: .*Time-Stamping Unit 1.* is revoked: the CRL of .* lists it as revoked at .*nothing was written/);
  }, 60_000);

  it("honest: the same answers by a key of the root's name with no path to it are not the CA's: augmented", async () => {
    const own = issued(
      "tsaRoot",
      issueCertificate({
        subject: pki.tsaRoot.cert.subject.typesAndValues.map((t) => [t.type, t.value.valueBlock.value] as [string, string]),
        subjectKey: key2,
        notBefore: new Date("2020-01-01T00:00:00Z"),
        notAfter: new Date("2125-01-01T00:00:00Z"),
        serial: serialFor("augment-renewed-self"),
        extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")],
      }),
      key2,
    );
    const revoked = createOcspResponse({
      subject: pki.tsa,
      issuer: pki.tsaRoot,
      responder: own,
      producedAt: now,
      thisUpdate: now,
      status: { revokedAt: new Date(now.getTime() - DAY), reason: 1 },
    });
    const msg = await refusal(augmentArchive({ evidence: SAMPLE, tsa: tsa.url, trust: [trustDirectory()], ocsp: [good, revoked] }));
    expect(msg).toBe("augmented");
  }, 60_000);
});

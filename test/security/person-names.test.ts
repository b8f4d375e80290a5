// Issue 37 leftover: the person rule (pki/holder.ts) for the archive's own certificates. A seal by a customer's
// personal certificate names a person in the checks' messages and in the report's certificate summaries: neither
// the human statement nor the JSON shows the name unless personal data is asked for; the broker's seal (an
// organisation's) is shown as before.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyArchive, type ArchiveReport } from "../../src/index.js";
import { renderArchiveHuman } from "../../src/render/archive-human.js";
import { inspectEvidence, readEvidenceForTools, renderInspectHuman } from "../../src/api/inspect.js";
import { PERSON_NAME_MASKED, markPersonName, resolvePersonNames } from "../../src/report/person-names.js";
import { quoteName } from "../../src/report/quoted-name.js";
import {
  buildArchive,
  createOcspResponse,
  extensions,
  generateEcKey,
  issueCertificate,
  issued,
  OIDS,
  pem,
  serialFor,
  TIMELINE,
} from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";
import { augmentArchive } from "../../src/api/internal.js";

const NAME = "Jens Peter Testesen";
const plain = { colour: false } as const;
const human = (r: ArchiveReport) => renderArchiveHuman(r, plain);

let dir: string;
let sealPem: string;
let personCert: ReturnType<typeof issued>;

beforeAll(async () => {
  const pki = testPki();
  // An employee's certificate of a customer (MitID Erhverv's shape): the person's name as CN, the employer as O and
  // organizationIdentifier; no given name or surname, no QC statement: nothing shows an organisation's.
  const der = issueCertificate({
    subject: [
      [OIDS.country, "DK"],
      [OIDS.organization, "Sealcheck Test Kunde ApS"],
      [OIDS.organizationIdentifier, "NTRDK-12345678"],
      [OIDS.serialNumber, "UI:DK-E:G:5d2c0f5e-0f63-4c1e-9a0c-0b7f5e4a3d21"],
      [OIDS.commonName, NAME],
    ],
    subjectKey: pki.otherTokenSigner.key,
    issuer: pki.tokenCa,
    scheme: "rsa-pss",
    notBefore: new Date(TIMELINE.iat.getTime() - 86400_000 * 30),
    notAfter: new Date(TIMELINE.iat.getTime() + 86400_000 * 365),
    serial: new Uint8Array([0x37, 0x01]),
    extensions: [extensions.keyUsage("digitalSignature", "nonRepudiation")],
  });
  const person = issued("otherTokenSigner", der, pki.otherTokenSigner.key);
  personCert = person;
  const a = await buildArchive(pki, {
    seal: {
      signer: person,
      certificates: [person, pki.tokenCa],
      revocation: {
        crls: [],
        ocsps: [
          createOcspResponse({
            subject: person,
            issuer: pki.tokenCa,
            responder: pki.ocspResponder,
            producedAt: TIMELINE.sealRevocationAt,
            nextUpdate: TIMELINE.sealRevocationNext,
          }),
        ],
      },
    },
  });
  dir = tempDir("person-seal-");
  writeFileSync(join(dir, "archive.pdf"), a.pdf);
  mkdirSync(join(dir, "originals"));
  for (const o of a.evidence.originals) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
  sealPem = join(dir, "person.pem");
  writeFileSync(sealPem, pem("CERTIFICATE", der));
});

const verify = (o: { show?: boolean; sealSigners?: string[] } = {}) =>
  verifyArchive({
    evidence: join(dir, "archive.pdf"),
    originals: [join(dir, "originals")],
    trust: [trustDirectory()],
    ...(o.show ? { showPersonalData: true } : {}),
    ...(o.sealSigners ? { sealSigners: o.sealSigners } : {}),
  });

describe("a seal by a person's certificate", () => {
  it("names no one in the human statement or the JSON: the failing check says a person's name is masked", async () => {
    const r = await verify();
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("failed");
    expect(c.message).toContain(`the seal is by ${PERSON_NAME_MASKED} (${PERSON_NAME_MASKED}; issued by`);
    expect(r.seal?.signer?.person).toBe(true);
    expect(r.seal?.signer?.subject).toBe(PERSON_NAME_MASKED);
    const json = JSON.stringify(r);
    const text = human(r);
    for (const out of [json, text]) {
      expect(out).not.toContain("Testesen");
      expect(out).not.toMatch(/[\uE000-\uE002]/);
    }
    expect(text).toContain(`Sealed by        ${PERSON_NAME_MASKED} (not the broker's seal)`);
    expect(text.replace(/\s+/g, " ")).toContain("identity ids and certificate holders' names) is masked; --show-personal-data reveals it.");
    // The report's JSON Schema describes the mark.
    const ajv = new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true });
    (addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
    const valid = ajv.compile(JSON.parse(readFileSync("schemas/report.schema.json", "utf8")) as object);
    expect(valid(JSON.parse(json)), JSON.stringify(valid.errors)).toBe(true);
    // The certificate stays identified: its fingerprint, serial and issuer are shown.
    expect(r.seal?.signer?.sha256).toMatch(/^[0-9A-F]{64}$/);
    expect(r.seal?.signer?.issuer).toContain("Sealcheck Test OCES udstedende-CA 1");
  });

  it("accepted with --seal-signer (its certificate file), it passes and is still not named", async () => {
    const r = await verify({ sealSigners: [sealPem] });
    expect(check(r, "seal-certificate").status).toBe("passed");
    expect(check(r, "seal-signature").message).toContain(PERSON_NAME_MASKED);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(JSON.stringify(r)).not.toContain("Testesen");
    expect(human(r)).not.toContain("Testesen");
  });

  it("--show-personal-data names the person, in the messages and the summaries", async () => {
    const r = await verify({ show: true });
    expect(check(r, "seal-certificate").message).toContain(`the seal is by "${NAME}" (CN=${NAME}`);
    expect(r.seal?.signer?.subject).toContain(`CN=${NAME}`);
    expect(r.seal?.signer?.person).toBe(true);
    expect(human(r)).toContain(NAME);
    expect(human(r).replace(/\s+/g, " ")).toContain("certificate holders' names) is shown because --show-personal-data was given.");
    expect(JSON.stringify(r)).not.toMatch(/[\uE000-\uE002]/);
  });
});

describe("another of the archive's certificates", () => {
  it("a token certificate naming a person (self-signed): masked in the message, its subject and its issuer", async () => {
    const der = issueCertificate({
      subject: [[OIDS.commonName, NAME]],
      subjectKey: generateEcKey(),
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2040-01-01T00:00:00Z"),
      serial: serialFor("person-token"),
      extensions: [extensions.basicConstraints(false)],
    });
    const json = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as Record<string, unknown>;
    json.publicSigningCertPem = pem("CERTIFICATE", der);
    const file = join(tempDir("person-token-"), "workflowtoken.json");
    writeFileSync(file, JSON.stringify(json));
    const r = await verifyArchive({ evidence: file, originals: ["samples/valid/originals"], trust: [trustDirectory()] });
    expect(check(r, "token-certificate").message).toMatch(/^\[a person's name, masked\] \(its subject has no organizationIdentifier\)/);
    expect(r.tokenCertificate?.issuer).toBe(PERSON_NAME_MASKED);
    for (const out of [JSON.stringify(r), human(r)]) expect(out).not.toContain("Testesen");
  });
});

describe("inspect", () => {
  it("masks the person's name in the decoded certificates unless asked, and names the broker's seal", () => {
    const look = (file: string, show: boolean) => {
      const { input, bytes, limits } = readEvidenceForTools(file);
      const i = inspectEvidence(input, bytes, limits, show);
      return `${JSON.stringify(i)}\n${renderInspectHuman(i, plain)}`;
    };
    const masked = look(join(dir, "archive.pdf"), false);
    expect(masked).not.toContain("Testesen");
    expect(masked).toContain(PERSON_NAME_MASKED);
    expect(masked).not.toMatch(/[\uE000-\uE002]/);
    expect(look(join(dir, "archive.pdf"), true)).toContain(`CN=${NAME}`);
    expect(look("test/fixtures/real/broker-example/archive.pdf", false)).toContain("CN=Nets, O=Nets Branch Norway NUF, L=Oslo, C=NO");
  });
});

describe("an organisation's seal", () => {
  it("the broker's test seal is named (its certificate shows no organisation by itself; the broker's identity does)", async () => {
    const r = await verifyArchive({
      evidence: "test/fixtures/real/broker-example/archive.pdf",
      trust: ["test/fixtures/real/broker-example/trust"],
      at: "2025-12-08T09:35:10Z",
    });
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(r.seal?.signer?.subject).toBe("CN=Nets, O=Nets Branch Norway NUF, L=Oslo, C=NO");
    expect(r.seal?.signer?.person).toBeUndefined();
    expect(human(r)).toContain('Sealed by        "Nets" (the broker\'s test-environment seal)');
  });

  it("an organisation's seal accepted with --seal-signer (a legal person's QC statement) is named", async () => {
    const s = "samples/tampered/sealed-by-oces-customer";
    const r = await verifyArchive({
      evidence: join(s, "archive.pdf"),
      originals: [join(s, "originals")],
      trust: [trustDirectory()],
      sealSigners: ["NTRDK-29915938"],
    });
    expect(check(r, "seal-signature").message).toContain('"Other Transact ST"');
    expect(r.seal?.signer?.person).toBeUndefined();
  });
});

describe("resolvePersonNames", () => {
  const sha = "AB".repeat(32);
  it("masks, shows, or shows a known organisation's; a name cannot forge a mark", () => {
    const text = `by ${markPersonName(sha, quoteName(NAME))}.`;
    expect(resolvePersonNames({ m: [text] }, { show: false })).toEqual({ m: [`by ${PERSON_NAME_MASKED}.`] });
    expect(resolvePersonNames({ m: [text] }, { show: true })).toEqual({ m: [`by "${NAME}".`] });
    expect(resolvePersonNames({ subject: text, sha256: sha, person: true }, { show: false, organisations: new Set([sha]) })).toEqual({
      subject: `by "${NAME}".`,
      sha256: sha,
    });
    // quoteName escapes the marks' characters, and a stray mark is dropped.
    expect(quoteName("\uE000x\uE002")).toBe('"\\u{E000}x\\u{E002}"');
    expect(resolvePersonNames("a\uE001b", { show: false })).toBe("ab");
  });
});

describe("augment's words (a25 P2)", () => {
  it("a person's seal certificate with no revocation data: augment's refusal names no one", async () => {
    const pki = testPki();
    const a = await buildArchive(pki, { seal: { signer: personCert, certificates: [personCert, pki.tokenCa], revocation: { crls: [], ocsps: [] } } });
    const e = await augmentArchive({
      evidence: { name: "archive.pdf", bytes: a.pdf },
      tsa: "http://127.0.0.1:9/",
      trust: [trustDirectory()],
      sealSigners: [sealPem],
    }).then(
      () => null,
      (x: unknown) => x as Error,
    );
    expect(e?.message).toMatch(/no OCSP response or CRL proves these certificates unrevoked: \[a person's name, masked\] \(serial /);
    expect(e?.message).not.toContain(NAME);
  }, 60_000);
});

// Who is a person (pki/holder.ts, h9c): a certificate's subject is shown only when the certificate shows it is an
// organisation's; Denmark's list signer "CN=Jens Peter Riisager" (no givenName, no surname) was shown before. The
// rule on made certificates, then on the real lists' signers (verify-tl's text) and the real archive's anchors.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { encode, oid, octets, OIDS, seq, type Asn1 } from "../../scripts/generator/der.js";
import { generateEcKey } from "../../scripts/generator/keys.js";
import { extensions, issueCertificate, parseCertificate, serialFor, type NameAttribute } from "../../scripts/generator/pki.js";
import { mayNameAPerson, organisationEvidence } from "../../src/pki/holder.js";
import { certificatesFromBytes } from "../../src/pki/certificate.js";
import { pkiSession } from "../../src/pki/session.js";
import { renderTrustedListReport } from "../../src/render/trust-list.js";
import { verifyTrustedList } from "../../src/trustlist/index.js";
import { hasShared } from "../helpers/shared.js";

const GN = "2.5.4.42";
const cert = (subject: NameAttribute[], ...exts: Asn1[]) =>
  parseCertificate(
    issueCertificate({
      subject,
      subjectKey: generateEcKey(),
      notBefore: new Date("2024-01-01T00:00:00Z"),
      notAfter: new Date("2030-01-01T00:00:00Z"),
      serial: serialFor(JSON.stringify(subject)),
      extensions: exts,
    }),
  );
const qc = (...statements: Asn1[]): Asn1 => seq(oid(OIDS.qcStatements), octets(encode(seq(...statements))));
const semantics = (id: string) => seq(oid("1.3.6.1.5.5.7.11.2"), seq(oid(id)));
const RIISAGER: NameAttribute[] = [
  [OIDS.country, "DK"],
  [OIDS.organization, "Digitaliseringsstyrelsen // CVR:34051178"],
  [OIDS.commonName, "Jens Peter Riisager"],
  [OIDS.serialNumber, "CVR:34051178-RID:52573447"],
];
const ORG: NameAttribute[] = [
  [OIDS.country, "NO"],
  [OIDS.organization, "NASJONAL KOMMUNIKASJONSMYNDIGHET"],
  [OIDS.commonName, "NASJONAL KOMMUNIKASJONSMYNDIGHET"],
];
const NAMED: NameAttribute[] = [
  [OIDS.country, "DK"],
  [OIDS.organization, "Signaturgruppen A/S"],
  [OIDS.organizationIdentifier, "NTRDK-29915938"],
  [OIDS.commonName, "NEB Transact ST"],
];

describe("who is a person: an allow-list of what shows an organisation", () => {
  it("a name alone is a person's; what the certificate shows makes it an organisation's", () => {
    expect(organisationEvidence(cert(RIISAGER))).toBeNull();
    // organizationIdentifier beside a CN that is not O: an employee's certificate may carry it too.
    expect(organisationEvidence(cert(NAMED))).toBeNull();
    expect(organisationEvidence(cert(ORG))).toBe("CN equal to O");
    expect(organisationEvidence(cert(RIISAGER, extensions.basicConstraints(true)))).toBe("a CA certificate");
    expect(organisationEvidence(cert(NAMED, extensions.extKeyUsage(true, OIDS.kpTimeStamping)))).toBe("a service's certificate");
    expect(organisationEvidence(cert(NAMED, extensions.extKeyUsage(false, OIDS.kpOcspSigning)))).toBe("a service's certificate");
    expect(organisationEvidence(cert(NAMED, qc(semantics("0.4.0.194121.1.2"))))).toBe("a legal person's QC statement");
    expect(organisationEvidence(cert(NAMED, extensions.qcStatements()))).toBe("a legal person's QC statement"); // QcType eseal
    expect(organisationEvidence(cert(NAMED, extensions.certificatePolicies("0.4.0.194112.1.1")))).toBe("a legal person's policy"); // QCP-l
    // Not enough: a natural person's policy, a web server's EKU, a CN merely inside O.
    expect(organisationEvidence(cert(NAMED, extensions.certificatePolicies("0.4.0.194112.1.0")))).toBeNull(); // QCP-n
    expect(organisationEvidence(cert(NAMED, extensions.extKeyUsage(false, "1.3.6.1.5.5.7.3.1")))).toBeNull();
    expect(
      organisationEvidence(
        cert([
          [OIDS.organization, "Jens Peter Riisager ApS"],
          [OIDS.commonName, "Jens Peter Riisager"],
        ]),
      ),
    ).toBeNull();
  });

  it("whatever else it shows, a given name or a natural person's semantics identifier is a person's", () => {
    expect(mayNameAPerson(cert([...ORG, [GN, "Jens"]], extensions.basicConstraints(true)))).toBe(true);
    expect(mayNameAPerson(cert(ORG, qc(semantics("0.4.0.194121.1.1"))))).toBe(true);
  });
});

const REAL = hasShared("tl/EU.xml", "test/pki/holder.test.ts, real trusted lists");
describe.skipIf(!REAL)("the real lists' signers and the real archive's anchors", () => {
  it("DK's, ES's, the EU's and FI v5's list signers are masked; NO's and SE's (CN equal to O) and FI v6's (a CA) are shown", async () => {
    const out: Record<string, boolean> = {};
    for (const f of ["DK", "ES", "EU", "NO", "SE", "fi-v5", "fi-v6"]) {
      const r = await verifyTrustedList({ bytes: new Uint8Array(readFileSync(`../shared/tl/${f}.xml`)), file: `${f}.xml` });
      out[f] = r.signerIsPerson;
      if (f === "DK") {
        const text = renderTrustedListReport(r, { colour: false });
        expect(text).not.toContain("Riisager");
        expect(text).toMatch(/Signer: a person's certificate \(name hidden; --show-personal-data shows it\)/);
        expect(renderTrustedListReport(r, { colour: false }, { showPersonalData: true })).toContain("Riisager");
      }
    }
    expect(out).toEqual({ DK: true, ES: true, EU: true, "fi-v5": true, NO: false, SE: false, "fi-v6": false });
  });

  it("the real archive's anchors are organisations' (CA certificates)", () => {
    const dir = "test/fixtures/real/broker-example/trust";
    for (const f of readdirSync(dir))
      for (const c of certificatesFromBytes(new Uint8Array(readFileSync(`${dir}/${f}`)), f, pkiSession()))
        expect(organisationEvidence(c), f).toBe("a CA certificate");
  });
});

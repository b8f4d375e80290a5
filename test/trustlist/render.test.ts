// The human output of verify-tl as a pure renderer over hand-built reports: verdict first, what the list is,
// who vouches for its signer, services only on request and only from a list that passed, nothing from the
// list able to act on a terminal.
import { describe, expect, it } from "vitest";
import { renderTrustedListReport } from "../../src/render/trust-list.js";
import { hasUnsafeCharacters } from "../../src/render/sanitize.js";
import type { CertificateSummary, CheckResult } from "../../src/report/types.js";
import type { TrustedListReport, TrustedListService } from "../../src/trustlist/types.js";

const plain = { colour: false };

const cert = (sha256: string, subject = "C=ES, O=Ministerio, CN=TSL signer"): CertificateSummary => ({
  subject,
  issuer: subject,
  serialNumber: "01",
  notBefore: "2018-01-01T00:00:00.000Z",
  notAfter: "2028-01-01T00:00:00.000Z",
  sha1: "AA".repeat(20),
  sha256,
  signatureAlgorithm: "sha256WithRSAEncryption",
});

const service = (type: string, status: string, name: string | null, sha = "B".repeat(64)): TrustedListService => ({
  type: `http://uri.etsi.org/TrstSvc/Svctype/${type}`,
  name,
  status: `http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/${status}`,
  statusStartingTime: "2016-06-30T22:00:00Z",
  certificates: [cert(sha, `CN=${name ?? "x"}`)],
  history: [],
});

const check = (id: CheckResult["id"], status: CheckResult["status"], message: string): CheckResult => ({
  id,
  status,
  message,
  subIndication: status === "failed" ? "SIG_CRYPTO_FAILURE" : status === "indeterminate" ? "NO_CERTIFICATE_CHAIN_FOUND" : null,
});

const IDS = ["tl-format", "tl-structure", "tl-signature", "tl-signer", "tl-freshness"] as const;

function passed(over: Partial<TrustedListReport> = {}): TrustedListReport {
  return {
    kind: "trusted-list",
    indication: "TOTAL-PASSED",
    subIndication: null,
    validationTime: "2019-08-08T01:00:00.000Z",
    validationTimeSource: "list-issue-date",
    decidedBy: [],
    checks: IDS.map((id) => check(id, "passed", `${id} passed.`)),
    tool: { name: "sealcheck", version: "0.1.0" },
    list: {
      kind: "trusted-list",
      tslType: "http://uri.etsi.org/TrstSvc/TrustedList/TSLType/EUgeneric",
      version: 5,
      sequenceNumber: 88,
      territory: "ES",
      operator: "Ministerio de Asuntos Económicos",
      issued: "2019-08-08T01:00:00Z",
      nextUpdate: "2020-02-08T01:00:00Z",
      providers: 2,
      services: 3,
    },
    signer: cert("984B45928CA13691".padEnd(64, "0")),
    signerIsPerson: false,
    signerTrustedBy: "the list of lists #248 (EU.xml)",
    signingTime: "2019-08-08T08:00:00Z",
    lotlChain: [
      {
        file: "EU.xml",
        sequenceNumber: 248,
        issued: "2019-09-04T08:00:00Z",
        indication: "TOTAL-PASSED",
        subIndication: null,
        signer: "D2064FDD70F6982D".padEnd(64, "0"),
        trustedBy: "pinned",
        message: "The list of lists verified.",
      },
    ],
    pointers: null,
    providers: [
      {
        name: "Firmaprofesional S.A.",
        services: [service("CA/QC", "granted", "AC Firmaprofesional - CUALIFICADOS", "C".repeat(64)), service("TSA/QTST", "granted", "QTSA")],
      },
      { name: "Agencia Notarial", services: [service("CA/QC", "withdrawn", null)] },
    ],
    ...over,
  };
}

describe("renderTrustedListReport", () => {
  it("verdict first, then what the list is, the time and where it comes from, the signer and who vouched for it, the checks", () => {
    const text = renderTrustedListReport(passed(), plain, { width: 200 });
    const lines = text.split("\n");
    expect(lines[0]).toBe("TOTAL-PASSED");
    expect(lines[1]).toBe(
      'Trusted list: territory ES, sequence number 88, version 5, issued 2019-08-08T01:00:00Z, next update 2020-02-08T01:00:00Z, operator "Ministerio de Asuntos Económicos".',
    );
    expect(text).toContain("Validated at 2019-08-08T01:00:00.000Z (the list's own ListIssueDateTime, as its signer claims it).");
    expect(text).toContain("Signer: C=ES, O=Ministerio, CN=TSL signer\n  SHA-256 984B45928CA13691");
    expect(text).toContain("signing time 2019-08-08T08:00:00Z (as claimed).");
    expect(text).toMatch(/Trust: the signer is announced by the list of lists #248 \(EU\.xml\)\./);
    expect(text).toMatch(/\[ok\] +EU\.xml: LOTL 248, issued 2019-09-04T08:00:00Z, signer pinned\. The list of lists verified\./);
    expect(text).not.toContain("Decided by");
    for (const id of IDS) expect(text).toMatch(new RegExp(`\\[ok\\] +${id} +${id} passed\\.`));
    expect(text).toContain("2 trust service providers, 3 services.");
    expect(text).not.toContain("as the list claims");
  });

  it("services only with services: true, one line each (type, status, since, certificate, name)", () => {
    const without = renderTrustedListReport(passed(), plain, { width: 200 });
    expect(without).not.toContain("CUALIFICADOS");
    expect(without).toContain("--services lists them.");
    const text = renderTrustedListReport(passed(), plain, { width: 200, services: true });
    expect(text).toContain("  Firmaprofesional S.A.\n");
    expect(text).toMatch(/^ {4}CA\/QC +granted +since 2016-06-30T22:00:00Z +CCCCCCCCCCCCCCCC +AC Firmaprofesional - CUALIFICADOS$/m);
    expect(text).toMatch(/^ {4}TSA\/QTST +granted +since 2016-06-30T22:00:00Z +BBBBBBBBBBBBBBBB +QTSA$/m);
    expect(text).toMatch(/^ {4}CA\/QC +withdrawn +since .* -$/m);
  });

  it("never a provider or service of a list that did not pass (providers null), whatever the options", () => {
    const report = passed({
      indication: "INDETERMINATE",
      subIndication: "NO_CERTIFICATE_CHAIN_FOUND",
      decidedBy: ["tl-signer"],
      checks: IDS.map((id) => (id === "tl-signer" ? check(id, "indeterminate", "No pinned or announced signer.") : check(id, "passed", `${id} passed.`))),
      lotlChain: [],
      providers: null,
      signerTrustedBy: null,
    });
    const text = renderTrustedListReport(report, plain, { width: 200, services: true });
    expect(text.split("\n")[0]).toBe("INDETERMINATE / NO_CERTIFICATE_CHAIN_FOUND");
    expect(text).toContain("as the list claims: it did not pass");
    expect(text).toContain("Trust: the signer is not trusted (see tl-signer).");
    expect(text).toContain("Decided by: tl-signer.");
    expect(text).toMatch(/\[\?\?\] +tl-signer +No pinned or announced signer\./);
    expect(text).not.toMatch(/provider|service|Firmaprofesional/i);
  });

  it("a list of lists: its pointers (territory, MIME type, number of signer certificates); a pinned signer", () => {
    const report = passed({
      list: { ...passed().list!, kind: "list-of-lists", territory: "EU", sequenceNumber: 248, operator: "European Commission" },
      lotlChain: [],
      signerTrustedBy: "pinned",
      providers: [],
      pointers: [
        { territory: "AT", location: "https://www.signatur.rtr.at/currenttl.xml", mimeType: "application/vnd.etsi.tsl+xml", signerCertificates: ["A", "B"] },
        { territory: "EU", location: "https://ec.europa.eu/tools/lotl/eu-lotl.xml", mimeType: "application/pdf", signerCertificates: ["C"] },
      ],
    });
    const text = renderTrustedListReport(report, plain, { width: 200 });
    expect(text.split("\n")[1]).toMatch(/^List of trusted lists \(LOTL\): territory EU, sequence number 248, /);
    expect(text).toContain("Trust: the signer is pinned with --trust.");
    expect(text).toContain(
      "Pointers to 2 lists:\n  AT  application/vnd.etsi.tsl+xml  2 signer certificates\n  EU  application/pdf               1 signer certificate\n",
    );
    expect(text).toContain("0 trust service providers, 0 services.");
  });

  it("control, escape and bidi characters from the list are neutralised, wherever they appear", () => {
    const evil = "Evil\u001b[2J\u001b]0;owned\u0007\rCorp\u202e\u009b31m\nNext";
    const report = passed({
      list: { ...passed().list!, operator: evil, territory: evil },
      signer: cert("D".repeat(64), evil),
      lotlChain: [{ ...passed().lotlChain[0]!, file: evil, message: evil }],
      pointers: [{ territory: evil, location: evil, mimeType: evil, signerCertificates: [] }],
      providers: [{ name: evil, services: [{ ...service("CA/QC", "granted", evil), type: evil, status: evil, statusStartingTime: evil }] }],
      checks: IDS.map((id) => check(id, "passed", evil)),
    });
    const text = renderTrustedListReport(report, plain, { width: 200, services: true });
    expect(hasUnsafeCharacters(text)).toBe(false);
    expect(text).toContain("Evil\uFFFD[2J");
    // A line feed in a value does not start a line of its own.
    expect(text).not.toMatch(/^Next/m);
  });

  it("wraps to the width it is given", () => {
    const text = renderTrustedListReport(passed(), plain, { width: 80 });
    for (const line of text.split("\n")) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it("a signer certificate that names a person (the EU list's) shows no name unless asked", () => {
    const person = passed({
      signer: cert("D2064FDD70F6982D".padEnd(64, "0"), "serialNumber=72020329970, GN=Patrick Jean, SN=Kremer, CN=Patrick Kremer (Signature), C=BE"),
      signerIsPerson: true,
    });
    const hidden = renderTrustedListReport(person, plain);
    expect(hidden).not.toMatch(/Kremer|72020329970|Patrick/);
    expect(hidden).toMatch(/Signer: a person's certificate \(name hidden; --show-personal-data shows it\)/);
    expect(hidden).toMatch(/SHA-256 D2064FDD70F6982D/);
    expect(renderTrustedListReport(person, plain, { showPersonalData: true })).toMatch(/CN=Patrick Kremer/);
    // An organisation's certificate is shown as it is.
    expect(renderTrustedListReport(passed(), plain)).toMatch(/Signer: C=ES, O=Ministerio, CN=TSL signer/);
  });

  it("how the signer is trusted is what tl-signer decided, not guessed from the chain: pinned, though LOTLs were given", () => {
    const text = renderTrustedListReport(passed({ signerTrustedBy: "pinned" }), plain, { width: 200 });
    expect(text).toContain("Trust: the signer is pinned with --trust.");
    expect(text).toContain("EU.xml: LOTL 248");
  });
});

// a15's class in verify-tl's text: a signer's name wrapped at two spaces wrote "SHA-256 <a published fingerprint>"
// right where the signer's own SHA-256 line stands; the operator's name wrapped the same way.
describe("renderTrustedListReport: names from the list are never wrapped into its own lines", () => {
  it("the signer's subject is cut on its line, the operator's name quoted and kept whole", () => {
    const fake = "F00DFACE".repeat(8);
    const name = `CN=TSL signer (Ministerio de Asuntos Economicos y Transformacion Digital) SHA-256 ${fake} pinned`;
    const r = passed({ signer: cert("984B45928CA13691".padEnd(64, "0"), name) });
    r.list!.operator = `Ministerio de Asuntos Economicos y Transformacion Digital SHA-256 ${fake}`;
    const lines = renderTrustedListReport(r, plain).split("\n");
    expect(lines.filter((l) => /^\s*(SHA-256 F00D|Digital\)|pinned)/.test(l))).toEqual([]);
    for (const l of lines.filter((x) => x.includes("F00DFACE"))) expect(l).toMatch(/"Ministerio de Asuntos/);
    expect(lines.find((l) => l.startsWith("Signer: "))).toMatch(/…$/);
    expect(lines.find((l) => l.startsWith("  SHA-256 "))).toContain("984B45928CA13691");
  });
});

// What a verification statement says, independent of how it is shown: the human renderer and the HTML
// report both read this view, so they say the same thing in the same order. Pure: report in, view out.
// Every string here may come from the evidence (untrusted): renderers must escape it for their medium.
import type { ArchiveReport, ReportedClaim, SignerSummary } from "../report/archive-report.js";
import type { CertificateSummary, CheckResult, Indication, PersonalDataKind, TimeSource } from "../report/types.js";
import { groupOf, type CheckCategory } from "../report/check-ids.js";
import { signerSummary } from "../report/signer.js";
import { quoteName, quoteValue, shownValue } from "../report/quoted-name.js";
import { PERSON_NAME_MASKED } from "../report/person-names.js";

export interface Field {
  label: string;
  value: string;
  /**
   * The value is a name or value from the evidence shown as it is (not quoted): the text report keeps it on its
   * line, cut visibly, never wrapped at the value column where its words would read as the report's own lines
   * (a15). The whole value is in the JSON report.
   */
  evidence?: true;
}

/** A field whose value comes from the evidence as it is (Field.evidence). */
const shown = (label: string, value: string): Field => ({ label, value, evidence: true });

export interface Item {
  heading: string;
  fields: Field[];
}

export interface CheckGroup {
  title: string;
  checks: CheckResult[];
}

export interface CertificateChain {
  title: string;
  /** Leaf first. */
  chain: CertificateSummary[];
}

export interface ArchiveView {
  indication: Indication;
  subIndication: string | null;
  /** "TOTAL-PASSED" or "TOTAL-FAILED / HASH_FAILURE". */
  verdict: string;
  /** What a statement's first line says: the verdict, and "documents not compared" when no originals were given. */
  headline: string;
  /** One sentence saying what the verdict means. */
  meaning: string;
  /** Why: the deciding check's message (in a reader's words), or that every check passed. */
  reason: string;
  /** The object detail below the reason (object numbers, keys), when the deciding check gives one. */
  reasonDetail: string[];
  decidedBy: string[];
  facts: Field[];
  workflow: Field[] | null;
  documents: Item[];
  signers: (Item & { claims: ReportedClaim[] })[];
  seal: Field[] | null;
  /**
   * What changed after each signature other than the seal (an approval signature, a document timestamp), in a
   * reader's words ("Page 1's content changed after signing"), with the object detail below: as the seal's
   * check says it for the seal.
   */
  signatureChanges: { heading: string; text: string; detail: string[] }[];
  /** Long-term validation: what the proofs of existence prove at the validation time, and until when. */
  longTerm: Field[] | null;
  tokenCertificate: Field[] | null;
  checkGroups: CheckGroup[];
  /** The checks that did not simply pass (failed, undecided, passed with a remark), in report order. */
  notPassed: CheckResult[];
  /** How many checks passed, and the ids of those that did not run. */
  passedCount: number;
  skipped: string[];
  certificates: CertificateChain[];
  /** The claim-filter statement and the personal-data statement. */
  notes: string[];
  personalDataMasked: boolean;
  /** What the verdict rests on besides the evidence: the anchors (subject, SHA-256) and the options. */
  /** `lists`: the trusted lists whose services were anchors (--trusted-list). */
  basis: { anchors: Item[]; lists: Item[]; options: Field[] } | null;
  /** The anchors at which a path of the verdict ended (the seal's, a TSA's, the token certificate's): what --summary names. */
  decidingAnchors: DecidingAnchor[];
  /** Set when the evidence comes from one of the broker's test environments: shown at the top, beside the verdict. */
  testEnvironment: string | null;
  /** Set when the token's signature did not verify: the workflow, documents and signers are only claimed. */
  unverified: string | null;
}

/** An anchor a path of the verdict ended at, as the short form names it (a14 X1j). */
export interface DecidingAnchor {
  /** Its subject, as the certificate says it (untrusted: quote it); null: a person's, not shown. */
  subject: string | null;
  sha256: string;
  /** What it decided: "the seal", "the seal's timestamp (TSA)", "the token certificate", … */
  decides: string[];
  /** Where the auditor gave it: the file's name and the option ("seal-root.pem (--trust)"); null when not from a file. */
  from: string | null;
  /** The trust-anchors check found it among the certificates the evidence carries. */
  carried: boolean;
}

const TIME_SOURCES: Record<TimeSource, string> = {
  "at-option": "given with --at",
  "seal-timestamp": "proven by the seal's timestamp",
  "token-iat": "the token's issue time (claimed by the broker)",
  "ocsp-produced-at": "the OCSP response's production time",
  "current-time": "now, the default; the sealed evidence at the time its timestamps prove",
  "list-issue-date": "the list's own ListIssueDateTime, as its signer claims it",
};

export function describeTimeSource(s: TimeSource): string {
  return TIME_SOURCES[s];
}

/**
 * The validation time with where it comes from, as the statements print it. The Workflow-token JSON carries no
 * proof of existence (attack36 J1): with --at its verdict is judged at a claimed time, and says so (check
 * long-term says what that means).
 */
export function validationTimeText(report: Pick<ArchiveReport, "validationTime" | "validationTimeSource" | "evidence">): string {
  const time = formatTime(report.validationTime);
  if (report.evidence.format !== "workflow-token-json") return `${time} (${describeTimeSource(report.validationTimeSource)})`;
  return report.validationTimeSource === "at-option" ? `${time} (judged at a claimed time, --at)` : `${time} (now; no proof of existence in this form)`;
}

const MEANING: Record<Indication, string> = {
  "TOTAL-PASSED": "The evidence is intact and was issued by the trusted broker.",
  "TOTAL-FAILED": "The evidence is not intact or not genuine.",
  INDETERMINATE: "The evidence could not be confirmed or refuted with the files and trust anchors given.",
};

const FORMAT_NAMES: Record<ArchiveReport["evidence"]["format"], string> = {
  "pades-pdf": "sealed PAdES PDF",
  "pades-json": "JSON of the PAdES endpoint",
  "workflow-token-json": "JSON of the Workflow-token endpoint",
  unknown: "not a sealed archive",
};

const EKU_NAMES: Record<string, string> = {
  "1.3.6.1.5.5.7.3.1": "serverAuth",
  "1.3.6.1.5.5.7.3.2": "clientAuth",
  "1.3.6.1.5.5.7.3.4": "emailProtection",
  "1.3.6.1.5.5.7.3.8": "timeStamping",
  "1.3.6.1.5.5.7.3.9": "OCSPSigning",
  "1.3.6.1.4.1.311.10.3.12": "documentSigning",
};

const SEAL_IDENTITY: Record<string, string> = {
  "production-seal": "the broker's production seal",
  "test-seal": "the broker's test-environment seal",
  "accepted-seal-signer": "a sealer accepted with --seal-signer, not the broker",
  other: "not the broker's seal",
};

const PERSONAL_NAMES: Record<PersonalDataKind, string> = {
  name: "names",
  "national-id": "national person numbers (CPR)",
  "ip-address": "IP addresses",
  age: "age claims",
  contact: "contact details",
  "identity-id": "identity ids",
  other: "other claims not known to be free of personal data",
};

/** ISO 8601 (any offset, any fraction) → "2025-12-08 08:36:38 UTC"; unparseable text is returned as is. */
export function formatTime(value: string | undefined | null): string {
  if (!value) return "?";
  const pdf = /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}'?\d{2}'?)?$/.exec(value);
  const iso = pdf
    ? `${pdf[1]}-${pdf[2]}-${pdf[3]}T${pdf[4]}:${pdf[5]}:${pdf[6]}${!pdf[7] || pdf[7] === "Z" ? "Z" : pdf[7].replace(/'/g, "").replace(/(\d{2})(\d{2})$/, "$1:$2")}`
    : value;
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(iso) ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(ms)) return value;
  return `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** The common name of an RFC 4514-style DN, else the DN. */
export function commonName(dn: string): string {
  const m = /(?:^|, )CN=((?:[^,\\]|\\.)*)/.exec(dn);
  return m ? m[1]!.replace(/\\(.)/g, "$1") : dn;
}

/**
 * A certificate holder's common name quoted, as the words show a name the evidence chose; a name the report masked
 * (a person's: report/person-names.ts) is said in sealcheck's words, unquoted.
 */
export function holderName(dn: string, max: number): string {
  return dn === PERSON_NAME_MASKED ? PERSON_NAME_MASKED : quoteName(commonName(dn), max);
}

export function ekuName(oid: string): string {
  return EKU_NAMES[oid] ?? oid;
}

/**
 * A check's message as a statement shows it: what a reader notices, and the object detail below it. Checks
 * that give both (seal-modifications: `details.summary`, `details.objectDetail`) are split; any other message
 * is shown whole.
 */
export function messageParts(c: CheckResult): { text: string; detail: string[] } {
  const d = c.details;
  const detail = d?.objectDetail;
  if (typeof d?.summary === "string" && Array.isArray(detail) && detail.every((x): x is string => typeof x === "string")) return { text: d.summary, detail };
  return { text: c.message, detail: [] };
}

function reasonOf(report: ArchiveReport): string {
  if (report.indication === "TOTAL-PASSED") {
    const warnings = report.checks.filter((c) => c.status === "warning").length;
    const base = report.originals.compared ? "Every check passed." : "Every check passed; the documents were not compared with originals (none were given).";
    return warnings ? `${base} ${warnings} check(s) passed with a remark, listed below.` : base;
  }
  const b = report.verification;
  if (report.indication === "INDETERMINATE" && b && b.trustAnchors.length === 0 && !b.trustedLists?.length) {
    // A slip, said first: without anchors every path ends nowhere, whatever the evidence holds.
    return "No trust anchors were given (--trust, --trust-token, --trust-seal, --trust-tsa or --trusted-list), so no certificate of the evidence could be traced to one you trust: the evidence can be neither confirmed nor refuted. docs/trust-anchors.md says which certificates to give and where each is published.";
  }
  const first = report.checks.find((c) => c.id === report.decidedBy[0]);
  if (!first) return "No check could establish anything about this evidence.";
  return messageParts(first).text;
}

function workflowFields(report: ArchiveReport): Field[] | null {
  const w = report.workflow;
  if (!w) return null;
  const env = w.environment
    ? `, the broker's ${w.environment} environment`
    : w.issuer
      ? `, issuer ${quoteName(w.issuer, 64)} (not a known broker environment)`
      : "";
  return [
    shown("Title", w.title ?? "(none)"),
    shown("Workflow id", w.id ?? "?"),
    shown("Owner", w.organizationTin ?? "?"),
    { label: "Sealed at", value: `${formatTime(w.sealedAt)} (token issue time${env})` },
    ...(w.expiry ? [{ label: "Workflow expiry", value: formatTime(w.expiry) }] : []),
  ];
}

function documentItems(report: ArchiveReport): Item[] {
  return report.documents.map((d) => ({
    heading: `${d.index}. ${d.title || "(untitled)"}`,
    fields: [
      { label: "SHA-256", value: d.sha256Hex },
      {
        label: "Original",
        value: !report.originals.compared
          ? "not compared (no originals given)"
          : d.matchedFiles.length
            ? `matches ${d.matchedFiles.join(", ")}`
            : "NO MATCHING ORIGINAL among the files given",
      },
    ],
  }));
}

/** When the signer authenticated (the `auth_time` claim, a time in the report's `time`), as a time. */
function authenticatedAt(claims: readonly ReportedClaim[]): Field[] {
  const c = claims.find((x) => x.name === "auth_time" && x.time);
  return c?.time ? [shown("Authenticated at", formatTime(c.time))] : [];
}

function signerItems(report: ArchiveReport): (Item & { claims: ReportedClaim[] })[] {
  return report.signatures.map((s) => {
    const who: SignerSummary = s.signer ?? signerSummary(s.claims);
    const personal = s.claims.filter((c) => c.personalData !== null && c.name !== who.nameClaim);
    return {
      heading: `${s.index}. ${who.name ?? "(no name claim)"}`,
      claims: s.claims,
      fields: [
        shown("Identity provider", who.identityProvider ?? "?"),
        shown("Level of assurance", who.levelOfAssurance ?? "?"),
        ...authenticatedAt(s.claims),
        shown("Signed at", formatTime(s.created)),
        shown("Signature id", s.id),
        ...(personal.length
          ? [
              {
                // Each claim's name and value quoted (a15): wrapped whole, never continued at the value column.
                label: "Personal data",
                value: personal.map((c) => (c.masked ? quoteName(c.name) : `${quoteName(c.name)} ${quoteValue(c.value, 64)}`)).join(", "),
              },
            ]
          : []),
      ],
    };
  });
}

function sealFields(report: ArchiveReport): Field[] | null {
  const s = report.seal;
  if (!s) return null;
  const fields: Field[] = [];
  fields.push({
    label: "Sealed by",
    value: s.signer ? `${holderName(s.signer.subject, 64)}${s.identity ? ` (${SEAL_IDENTITY[s.identity] ?? s.identity})` : ""}` : "(no seal certificate found)",
  });
  fields.push(shown("Signature field", s.field));
  if (s.claimedTime) fields.push({ label: "Claimed time", value: `${formatTime(s.claimedTime)} (/M: claimed by the signer, not proven)` });
  fields.push({
    label: "Timestamp",
    value: s.timestamp
      ? `${formatTime(s.timestamp.genTime)} by ${s.timestamp.tsa ? holderName(s.timestamp.tsa.subject, 64) : "an unidentified TSA"} (serial ${s.timestamp.serialNumber})`
      : "none",
  });
  fields.push({ label: "PAdES level", value: s.padesLevel ?? "not determined" });
  fields.push({
    label: "Revisions",
    value: `${s.revisions} in the file; the seal covers revision ${s.sealedRevision + 1}${s.sealedRevision + 1 === s.revisions ? " (the last)" : ""}`,
  });
  if (s.docMdpPermission !== null) {
    const p =
      { 1: "no changes permitted", 2: "form filling and signing permitted", 3: "form filling, signing and annotations permitted" }[s.docMdpPermission] ??
      `P ${s.docMdpPermission}`;
    fields.push({ label: "Certification", value: `DocMDP P ${s.docMdpPermission}: ${p}` });
  }
  if (report.pdfSignatures.length) {
    const kind = SIGNATURE_KINDS;
    fields.push({
      label: "PDF signatures",
      value: report.pdfSignatures
        .map(
          (p) =>
            `${quoteName(p.field)}: ${kind[p.kind]}${p.docMdpPermission !== null ? ` (P ${p.docMdpPermission})` : ""}, ${p.revision === null ? "covers no revision" : `revision ${p.revision}`}, ${p.status}${p.subIndication ? ` ${p.subIndication}` : ""}`,
        )
        .join("; "),
    });
  }
  return fields;
}

const SIGNATURE_KINDS = { certification: "certification", approval: "approval signature", documentTimestamp: "document timestamp" } as const;

function signatureChanges(report: ArchiveReport): ArchiveView["signatureChanges"] {
  return report.pdfSignatures.flatMap((p) => {
    const c = p.details.changesAfter as { summary?: unknown; objectDetail?: unknown } | undefined;
    if (typeof c?.summary !== "string") return [];
    const detail = Array.isArray(c.objectDetail) ? c.objectDetail.filter((x): x is string => typeof x === "string") : [];
    return [
      {
        heading: `After ${quoteName(p.field)} (${SIGNATURE_KINDS[p.kind]}${p.revision === null ? "" : `, revision ${p.revision}`})`,
        text: c.summary,
        detail,
      },
    ];
  });
}

function tokenCertificateFields(report: ArchiveReport): Field[] | null {
  const c = report.tokenCertificate;
  const o = report.ocsp;
  if (!c && !o) return null;
  const fields: Field[] = [];
  if (c) {
    fields.push(shown("Certificate", shownValue(commonName(c.subject))));
    fields.push(shown("Issued by", shownValue(commonName(c.issuer))));
    fields.push({ label: "Valid", value: `${formatTime(c.notBefore)} to ${formatTime(c.notAfter)}` });
    fields.push(shown("Serial", c.serialNumber));
  }
  if (o) {
    const status = o.status ? `${o.status}${o.revocationTime ? ` (revoked ${formatTime(o.revocationTime)})` : ""}` : "no status for this certificate";
    fields.push({ label: "OCSP status", value: `${status}, response produced ${formatTime(o.producedAt)}` });
    if (o.responder) fields.push(shown("OCSP responder", shownValue(commonName(o.responder.subject))));
    if (o.thisUpdate)
      fields.push({ label: "OCSP validity", value: `${formatTime(o.thisUpdate)} to ${o.nextUpdate ? formatTime(o.nextUpdate) : "(no nextUpdate)"}` });
  }
  return fields;
}

/** Titles of the registry's groups, in the order a statement shows them. */
const GROUP_TITLES: readonly [CheckCategory, string][] = [
  ["seal", "Seal"],
  ["token", "Workflow token"],
  ["ocsp", "Token certificate status (OCSP)"],
  ["documents", "Documents"],
  ["cross-check", "Cross-check with the Workflow-token JSON"],
  ["trust-anchors", "Trust anchors"],
];

export function groupChecks(checks: readonly CheckResult[]): CheckGroup[] {
  const groups: CheckGroup[] = GROUP_TITLES.map(([, title]) => ({ title, checks: [] }));
  const other: CheckGroup = { title: "Other", checks: [] };
  for (const c of checks) {
    const g = groupOf(c.id);
    const i = GROUP_TITLES.findIndex(([name]) => name === g);
    (i === -1 ? other : groups[i]!).checks.push(c);
  }
  return [...groups, other].filter((g) => g.checks.length > 0);
}

function chains(report: ArchiveReport): CertificateChain[] {
  const out: CertificateChain[] = [];
  const t = report.tokenCertificate;
  if (t) out.push({ title: "Token certificate", chain: t.path.length ? t.path : [t] });
  if (report.ocsp?.responder) out.push({ title: "OCSP responder", chain: [report.ocsp.responder] });
  const s = report.seal;
  if (s?.signer) out.push({ title: "Seal certificate", chain: s.path.length ? s.path : [s.signer] });
  if (s?.timestamp?.tsa) out.push({ title: "Timestamp authority", chain: [s.timestamp.tsa] });
  return out;
}

/** The claim-filter statement: which filter the PAdES copy of the token appears to have been built with. */
export function claimFilterNote(report: ArchiveReport): string | null {
  const w = report.workflow;
  if (!w) return null;
  if (report.evidence.format === "workflow-token-json") {
    return "Claim filter: not applicable. The Workflow-token endpoint returns every user claim; the filter (Restricted, IncludeAgeClaims, All) shapes only the PAdES copy.";
  }
  const what = {
    Restricted: "the PAdES copy of the token carries no national person number, IP address or age claim (the broker's default)",
    IncludeAgeClaims: "the PAdES copy of the token carries age claims but no national person number or IP address",
    All: "the PAdES copy of the token carries a national person number or an IP address",
  }[w.claimFilter];
  return `Claim filter: ${w.claimFilter}. Inferred from the claims present: ${what}.`;
}

/** 109,159,558: what toLocaleString("en-US") writes, without its first use's ICU set-up (15–30 ms of a cold run). */
function thousands(n: number): string {
  return Number.isSafeInteger(n) && n >= 0 ? String(n).replace(/\B(?=(\d{3})+$)/g, ",") : n.toLocaleString("en-US");
}

/** Whether a certificate the report summarises may name a person (`person`: report/person-names.ts). */
const namesHolders = (report: ArchiveReport): boolean => JSON.stringify(report).includes('"person":true');

function personalDataNote(report: ArchiveReport): string | null {
  const claims = report.signatures.flatMap((s) => s.claims).filter((c) => c.personalData !== null);
  const holders = namesHolders(report);
  if (claims.length === 0 && !holders) return null;
  const kinds = [
    ...[...new Set(claims.map((c) => c.personalData as PersonalDataKind))].map((k) => PERSONAL_NAMES[k]),
    ...(holders ? ["certificate holders' names"] : []),
  ];
  const list = kinds.length > 1 ? `${kinds.slice(0, -1).join(", ")} and ${kinds[kinds.length - 1]}` : kinds[0]!;
  return claims.some((c) => c.masked) || (holders && !report.personalDataShown)
    ? `Personal data (${list}) is masked; --show-personal-data reveals it.`
    : `Personal data (${list}) is shown because --show-personal-data was given.`;
}

/** The evidence is a PDF with no signature at all: a slip (an original given as evidence), not a forgery. */
function notSealed(report: ArchiveReport): boolean {
  return report.checks.some((c) => c.id === "seal-signature" && c.details?.notSealed === true);
}

/**
 * TOTAL-FAILED only because files beside the matched originals were not signed in this workflow (every document
 * matched; nothing else failed): HASH_FAILURE as docs/contract.md says, but "not intact or not genuine" would be false.
 */
function onlyStrays(report: ArchiveReport): boolean {
  if (report.indication !== "TOTAL-FAILED" || report.decidedBy.length !== 1 || report.decidedBy[0] !== "document-digests") return false;
  return report.checks.some((c) => c.id === "document-digests" && c.details?.allDocumentsMatched === true);
}

/** What the evidence file seems to be when it is no form of a sealed archive (an ID token, a certificate…). */
function notEvidenceAs(report: ArchiveReport): string | null {
  if (report.evidence.format !== "unknown") return null;
  const d = report.checks.find((c) => c.id === "attachments")?.details?.notEvidence as { seemsToBe?: unknown } | undefined;
  return typeof d?.seemsToBe === "string" ? d.seemsToBe : "neither a PDF nor an endpoint's JSON";
}

export function archiveView(report: ArchiveReport): ArchiveView {
  const unsealed = notSealed(report);
  const other = notEvidenceAs(report);
  const st = report.statement;
  const facts: Field[] = [
    ...(st?.caseReference ? [{ label: "Case reference", value: st.caseReference }] : []),
    ...(st?.auditor ? [{ label: "Auditor", value: st.auditor }] : []),
    {
      label: "Evidence",
      value: `${report.evidence.file} (${unsealed ? "a PDF without any signature: not a sealed archive" : other ? `${other}: not a sealed archive` : FORMAT_NAMES[report.evidence.format]})`,
    },
    ...(report.evidence.sha256 ? [{ label: "Evidence SHA-256", value: report.evidence.sha256 }] : []),
    ...(report.evidence.size !== undefined ? [{ label: "Evidence size", value: `${thousands(report.evidence.size)} bytes` }] : []),
    { label: "Validation time", value: validationTimeText(report) },
    {
      label: "Originals",
      value: report.originals.compared ? `${report.originals.files.length} file(s) compared` : "none given: the documents were not compared",
    },
    ...(report.decidedBy.length ? [{ label: "Decided by", value: report.decidedBy.join(", ") }] : []),
    { label: "Verified with", value: `${report.tool.name} ${report.tool.version}` },
  ];
  const notes = [claimFilterNote(report), personalDataNote(report)].filter((n): n is string => n !== null);
  const verdict = report.indication + (report.subIndication ? ` / ${report.subIndication}` : "");
  return {
    indication: report.indication,
    subIndication: report.subIndication,
    verdict,
    headline: report.originals.compared ? verdict : `${verdict}, documents not compared`,
    meaning: unsealed
      ? "The file given as evidence is not a sealed archive: there is no seal to verify."
      : other
        ? "The file given as evidence is not a sealed archive: there is nothing to verify."
        : onlyStrays(report)
          ? "Every document matched an original, but files given with them were not signed in this workflow."
          : MEANING[report.indication],
    reason: reasonOf(report),
    reasonDetail: reasonDetailOf(report),
    decidedBy: report.decidedBy,
    facts,
    workflow: workflowFields(report),
    documents: documentItems(report),
    signers: signerItems(report),
    seal: sealFields(report),
    signatureChanges: signatureChanges(report),
    longTerm: longTermFields(report),
    tokenCertificate: tokenCertificateFields(report),
    checkGroups: groupChecks(report.checks),
    notPassed: report.checks.filter((c) => c.status !== "passed" && c.status !== "skipped"),
    passedCount: report.checks.filter((c) => c.status === "passed").length,
    skipped: report.checks.filter((c) => c.status === "skipped").map((c) => c.id),
    certificates: chains(report),
    notes,
    personalDataMasked: report.signatures.some((s) => s.claims.some((c) => c.masked)) || (!report.personalDataShown && namesHolders(report)),
    basis: basisOf(report),
    decidingAnchors: decidingAnchorsOf(report),
    testEnvironment: testEnvironmentOf(report),
    unverified:
      report.tokenClaimsVerified === false && (report.workflow || report.documents.length || report.signatures.length)
        ? "UNVERIFIED: the token's signature did not verify, so what it says below (title, documents, signers) may have been altered."
        : null,
  };
}

/** The deciding check's object detail, when its message is the reason. */
function reasonDetailOf(report: ArchiveReport): string[] {
  const first = report.checks.find((c) => c.id === report.decidedBy[0]);
  return first && reasonOf(report) === messageParts(first).text ? messageParts(first).detail : [];
}

/** The proofs of existence (oldest first), what they prove at the validation time and until when. */
function longTermFields(report: ArchiveReport): Field[] | null {
  const lt = report.longTerm;
  if (!lt) return null;
  const check = report.checks.find((c) => c.id === "long-term");
  return [
    { label: "At", value: `${formatTime(lt.validationTime)} (${describeTimeSource(lt.validationTimeSource as TimeSource)})` },
    ...(check ? [{ label: "Long-term", value: `${check.status}${check.subIndication ? ` / ${check.subIndication}` : ""}` }] : []),
    { label: "Proves", value: lt.evidenceProves },
    ...lt.proofsOfExistence.map((p, i) => ({
      label: `POE ${i + 1}`,
      value: `${p.kind === "signature-timestamp" ? "signature timestamp" : `document timestamp${p.field ? ` (${quoteName(p.field)})` : ""}`} of ${formatTime(p.genTime)} by ${holderName(p.tsa, 64)}: ${
        p.proven ? `proven (judged at ${formatTime(p.judgedAt)}; ${p.revocation})` : `not proven: ${p.reason ?? "?"}`
      }; its own proof runs out ${p.horizon ? formatTime(p.horizon) : "never"}`,
    })),
    ...(lt.proofsOfExistence.length ? [] : [{ label: "POE", value: "none: no verified timestamp" }]),
    {
      label: "Protected until",
      value: lt.protectedUntil ? formatTime(lt.protectedUntil) : "none: no timestamp gives a proof of existence that holds (renew it: sealcheck augment)",
    },
    { label: "To keep it", value: lt.restore },
    { label: "Crypto policy", value: `${lt.policy.name} (SHA-256 ${lt.policy.sha256})` },
  ];
}

/**
 * Evidence from the broker's test or pre-production environment can pass every check and still prove nothing
 * about a real workflow: the statement says so at the top, not only in a field further down.
 */
function testEnvironmentOf(report: ArchiveReport): string | null {
  const env = report.workflow?.environment ?? null;
  const testSeal = report.seal?.identity === "test-seal";
  if ((env === null || env === "production") && !testSeal) return null;
  const what = [
    env && env !== "production" ? `the token was issued by the broker's ${env} environment` : null,
    testSeal ? "the seal is the broker's test-environment seal" : null,
  ]
    .filter((x): x is string => x !== null)
    .join(" and ");
  return `TEST ENVIRONMENT: ${what}; not evidence of a production signing.`;
}

/** The files an anchor was read from, each with its option as the command line names it (--trust, --trust-seal). */
export function anchorFrom(from: NonNullable<NonNullable<ArchiveReport["verification"]>["trustAnchors"][number]["from"]>): string {
  return from
    .map((f) => {
      // The file's name first, its folder after: a path has no space to wrap at, its parts fit a line.
      const cut = Math.max(f.file.lastIndexOf("/"), f.file.lastIndexOf("\\"));
      const flag = f.option === "trust" ? "--trust" : `--trust-${f.option.slice("trustFor.".length)}`;
      return cut > 0 ? `${f.file.slice(cut + 1)} (${flag}) in ${f.file.slice(0, cut)}` : `${f.file} (${flag})`;
    })
    .join("; ");
}

/** An option as the command line names it (--trust, --trust-seal). */
function anchorFlag(option: string): string {
  return option === "trust" ? "--trust" : `--trust-${option.slice("trustFor.".length)}`;
}

/** The SHA-256 of the anchors the trust-anchors check found carried by the evidence. */
function carriedAnchors(report: ArchiveReport): Set<string> {
  const c = report.checks.find((x) => x.id === "trust-anchors")?.details?.anchorsCarriedByEvidence;
  return new Set(Array.isArray(c) ? c.map((a: unknown) => (a as { sha256?: unknown }).sha256).filter((h): h is string => typeof h === "string") : []);
}

/** The SHA-256 of the pinned list signers the trust-anchors check found carried by the evidence. */
function carriedListBasis(report: ArchiveReport): Set<string> {
  const c = report.checks.find((x) => x.id === "trust-anchors")?.details?.listTrustCarriedByEvidence;
  return new Set(Array.isArray(c) ? c.map((a: unknown) => (a as { sha256?: unknown }).sha256).filter((h): h is string => typeof h === "string") : []);
}

/** The anchors that decided a path (the report's `decides`), each with its first file, for the short form. */
function decidingAnchorsOf(report: ArchiveReport): DecidingAnchor[] {
  const carried = carriedAnchors(report);
  const listCarried = carriedListBasis(report);
  return (report.verification?.trustAnchors ?? [])
    .filter((a) => a.decides?.length)
    .map((a): DecidingAnchor => {
      const f = a.from?.[0];
      const base = f ? baseName(f.file) : null;
      return {
        subject: a.subject,
        sha256: a.sha256,
        decides: a.decides!,
        from: f ? `${base} (${anchorFlag(f.option)})${a.from!.length > 1 ? ` and ${a.from!.length - 1} more` : ""}` : null,
        carried: carried.has(a.sha256),
      };
    })
    .concat(
      (report.verification?.trustedLists ?? []).flatMap((l) => {
        if (!l.decides?.length) return [];
        const list = baseName(l.file);
        const services = l.decides.map((d): DecidingAnchor => ({
          subject: d.subject,
          sha256: d.sha256,
          decides: d.decides,
          from: `${list} (--trusted-list)`,
          carried: carried.has(d.sha256),
        }));
        const p = l.pinned;
        const signer: DecidingAnchor[] = p
          ? [
              {
                subject: p.subject,
                sha256: p.sha256,
                decides: [`the trusted list ${list}`],
                from: p.file ? `${baseName(p.file)} (--tl-signer)` : null,
                carried: listCarried.has(p.sha256.toUpperCase()),
              },
            ]
          : [];
        return [...services, ...signer];
      }),
    )
    .sort((x, y) => decidesRank(x.decides) - decidesRank(y.decides));
}

function baseName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1);
}

/** The seal's anchor first, then the timestamps', then the token certificate's: the order of what the verdict rests on. */
function decidesRank(decides: readonly string[]): number {
  return Math.min(...decides.map((d) => (d === "the seal" ? 0 : d.startsWith("the trusted list ") ? 1 : d.endsWith("(TSA)") ? 2 : 3)));
}

/** A list signer's name quoted, or that it is a person's (personal data not shown). */
function certName(c: { subject: string | null }): string {
  return c.subject === null ? "a person's certificate (name hidden; --show-personal-data shows it)" : quoteName(commonName(c.subject), 48);
}

/** "tl-signer.pem (--tl-signer) in /tmp/x": a pinned list signer's file and its option first, its folder after (as anchorFrom). */
function fileWithFolder(file: string): string {
  const cut = Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\"));
  return cut > 0 ? `${file.slice(cut + 1)} (--tl-signer) in ${file.slice(0, cut)}` : `${file} (--tl-signer)`;
}

/** Said with the anchors: which ones the verdict rests on, and what the auditor does with them (a12 X1e). */
export const ANCHORS_NOTE =
  "The verdict rests on the anchors that decide a path: compare each one's SHA-256 with the fingerprint its publisher states (docs/trust-anchors.md). An anchor taken from the evidence (an attachment, a page's text) vouches for nothing, whether or not the trust-anchors check names it.";

function basisOf(report: ArchiveReport): ArchiveView["basis"] {
  const b = report.verification;
  if (!b) return null;
  const o = b.options;
  const limits = Object.entries(o.limits)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
  return {
    anchors: b.trustAnchors.map((a, i) => ({
      heading: `${i + 1}. ${shownValue(a.subject)}`,
      fields: [
        { label: "SHA-256", value: a.sha256 },
        ...(a.roles ? [{ label: "For", value: `${a.roles.join(", ")} only` }] : []),
        ...(a.decides ? [{ label: "Decides", value: a.decides.join("; ") }] : []),
        ...(a.from ? [{ label: "From", value: anchorFrom(a.from) }] : []),
      ],
    })),
    lists: (b.trustedLists ?? []).map((l, i) => ({
      heading: `${i + 1}. ${l.file}`,
      fields: [
        { label: "List", value: `${l.territory ?? "?"} trusted list #${l.sequenceNumber ?? "?"}, issued ${formatTime(l.issued)}` },
        { label: "Speaks until", value: `${formatTime(l.speaksUntil)} (its next update: no service vouches after it)` },
        {
          label: "Signer",
          value: `${l.signerTrustedBy === "pinned" ? "pinned (--tl-signer)" : `announced by ${l.signerTrustedBy ?? "?"}`}${l.signer ? `: ${certName(l.signer)}` : ""}`,
        },
        ...(l.signer ? [{ label: "Signer SHA-256", value: l.signer.sha256 }] : []),
        ...(l.pinned && l.pinned.sha256 !== l.signer?.sha256
          ? [
              { label: "Pinned", value: `${certName(l.pinned)}, the signer of the list of lists that announced it` },
              { label: "Pinned SHA-256", value: l.pinned.sha256 },
            ]
          : []),
        ...(l.pinned ? [{ label: "Pinned from", value: l.pinned.file ? fileWithFolder(l.pinned.file) : "certificate bytes given without a file name" }] : []),
        ...(l.minimumSequence !== undefined
          ? [{ label: "Minimum", value: `#${l.minimumSequence}, the lowest sequence number required for ${l.territory ?? "?"}` }]
          : []),
        l.minimumSequence !== undefined && (l.sequenceNumber ?? -1) < l.minimumSequence
          ? { label: "Too old", value: `numbered below the minimum required: none of its services vouches` }
          : l.supersededBy
            ? { label: "Superseded", value: `by ${l.supersededBy}, a newer list of the same territory: none of its services vouches` }
            : { label: "Anchors", value: `${l.anchors} service certificate(s), each for its type's roles while its status vouched` },
        ...(l.unreadableCertificates
          ? [{ label: "Unreadable", value: `${l.unreadableCertificates} service certificate(s) that cannot be parsed: those services vouch for nothing` }]
          : []),
        { label: "SHA-256", value: l.sha256 },
        ...(l.decides ?? []).flatMap((d) => [
          { label: "Decides", value: `${d.decides.join("; ")}, through its service ${quoteName(d.service ?? "?", 48)}` },
          { label: "Service", value: holderName(d.subject, 48) },
          { label: "Service SHA-256", value: d.sha256 },
        ]),
      ],
    })),
    options: [
      { label: "Validation time", value: o.at ? `${formatTime(o.at)} (--at)` : "now (no --at); the sealed evidence at the time its timestamps prove" },
      ...(o.cryptoPolicy ? [{ label: "Crypto policy", value: `${o.cryptoPolicy.name} (SHA-256 ${o.cryptoPolicy.sha256})` }] : []),
      { label: "OCSP window", value: `${o.ocspWindowSeconds} s before the sealing time (--ocsp-window)` },
      { label: "Clock skew", value: `${o.clockSkewSeconds} s (--clock-skew)` },
      { label: "Token algorithms", value: o.tokenAlgorithms.join(", ") },
      ...(o.tokenSignerOrganizations.length ? [{ label: "Token signers", value: o.tokenSignerOrganizations.join(", ") }] : []),
      { label: "Untrusted certs", value: `${b.untrustedCertificates} (--certs)` },
      { label: "Limits", value: limits || "the defaults" },
      { label: "Personal data", value: o.showPersonalData ? "shown (--show-personal-data)" : "masked" },
    ],
  };
}

/** A certificate's fields as both text renderers show them; `subject`/`sha1` for the full inspection. */
export function certificateFields(c: CertificateSummary, o: { subject?: boolean; sha1?: boolean } = {}): Field[] {
  return [
    ...(o.subject ? [shown("Subject", shownValue(c.subject))] : []),
    shown("Issuer", shownValue(c.issuer)),
    shown("Serial", c.serialNumber),
    { label: "Valid", value: `${formatTime(c.notBefore)} to ${formatTime(c.notAfter)}` },
    { label: "Algorithm", value: c.signatureAlgorithm },
    ...(c.keyUsage?.length ? [{ label: "Key usage", value: c.keyUsage.join(", ") }] : []),
    ...(c.extendedKeyUsage?.length ? [{ label: "EKU", value: c.extendedKeyUsage.map(ekuName).join(", ") }] : []),
    ...(o.sha1 ? [{ label: "SHA-1", value: c.sha1 }] : []),
    { label: "SHA-256", value: c.sha256 },
  ];
}

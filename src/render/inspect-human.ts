// Human output of `sealcheck inspect`: every decoded part, no verdict. Personal data masked as in the
// verify output unless shown. Pure: inspection in, text out.
import type { CertificateSummary } from "../report/types.js";
import type { CmsInspection, Inspection, OcspInspection, TimestampInspection } from "../inspect/decode.js";
import type { ReportedClaim } from "../report/archive-report.js";
import { certificateFields, formatTime, type Field } from "./archive-view.js";
import { WIDTH, fieldLines, safeText } from "./archive-human.js";
import { paint, wrap, type Style } from "./style.js";
import { quoteName } from "../report/quoted-name.js";

function value(v: unknown): string {
  if (v === undefined) return "(absent)";
  return typeof v === "string" ? v : JSON.stringify(v);
}

/** Claims that are times in seconds since the epoch, shown with the time they name. */
const TIME_CLAIMS = new Set(["iat", "nbf", "exp", "expiry", "auth_time"]);

function claimFields(claims: readonly ReportedClaim[]): Field[] {
  return claims.map((c) => ({
    label: c.name,
    value: `${timed(c) ?? value(c.value)}${c.personalData ? `  [personal data: ${c.personalData}${c.masked ? ", masked" : ""}]` : ""}`,
  }));
}

/** "1765182652 (2025-12-08 08:30:52 UTC)" for a time claim given as a number or a string of digits. */
function timed(c: ReportedClaim): string | null {
  if (!TIME_CLAIMS.has(c.name) || c.masked || !/^\d{1,12}$/.test(String(c.value))) return null;
  return `${String(c.value)} (${formatTime(new Date(Number(c.value) * 1000).toISOString())})`;
}

function certFields(c: CertificateSummary): Field[] {
  return certificateFields(c, { subject: true, sha1: true });
}

function ocspLines(o: OcspInspection, indent: string): string[] {
  const out = fieldLines(
    [
      { label: "Status", value: o.responseStatus },
      ...(o.producedAt ? [{ label: "Produced at", value: formatTime(o.producedAt) }] : []),
      ...(o.responderId
        ? [{ label: "Responder id", value: o.responderId.byKeyHash ? `key hash ${o.responderId.byKeyHash}` : `name ${o.responderId.byName}` }]
        : []),
      ...(o.signatureAlgorithm ? [{ label: "Signature", value: o.signatureAlgorithm }] : []),
      { label: "Extensions", value: o.extensions.join(", ") || "none" },
    ],
    indent,
  );
  for (const r of o.responses) {
    out.push(`${indent}Response for serial ${r.certId.serialNumber}`);
    out.push(
      ...fieldLines(
        [
          {
            label: "Cert status",
            value: `${r.status}${r.revocationTime ? ` since ${formatTime(r.revocationTime)}${r.revocationReason ? ` (${r.revocationReason})` : ""}` : ""}`,
          },
          { label: "This update", value: formatTime(r.thisUpdate) },
          { label: "Next update", value: r.nextUpdate ? formatTime(r.nextUpdate) : "(none)" },
          { label: "CertID hash", value: r.certId.hashAlgorithm },
          { label: "Issuer name", value: r.certId.issuerNameHash },
          { label: "Issuer key", value: r.certId.issuerKeyHash },
        ],
        `${indent}  `,
      ),
    );
  }
  o.certificates.forEach((c, i) => out.push(`${indent}Certificate ${i + 1} in the response`, ...fieldLines(certFields(c), `${indent}  `)));
  return out;
}

function timestampLines(t: TimestampInspection, indent: string): string[] {
  const out = fieldLines(
    [
      { label: "Time", value: t.genTime ? formatTime(t.genTime) : "?" },
      { label: "Serial", value: t.serialNumber ?? "?" },
      { label: "Policy", value: t.policy ?? "?" },
      { label: "Imprint", value: `${t.imprintAlgorithm ?? "?"} ${t.imprint ?? ""}` },
      { label: "TSA", value: t.tsa?.subject ?? "(signer certificate not in the token)" },
    ],
    indent,
  );
  t.certificates.forEach((c, i) => out.push(`${indent}Certificate ${i + 1} in the token`, ...fieldLines(certFields(c), `${indent}  `)));
  return out;
}

function cmsLines(cms: CmsInspection, indent: string): string[] {
  const out = fieldLines(
    [
      { label: "DER length", value: `${cms.derLength} bytes` },
      { label: "Content", value: `${cms.encapsulatedContentType}${cms.detached ? " (detached)" : ""}` },
      { label: "Digests", value: cms.digestAlgorithms.join(", ") },
    ],
    indent,
  );
  cms.certificates.forEach((c, i) => out.push(`${indent}Certificate ${i + 1}`, ...fieldLines(certFields(c), `${indent}  `)));
  cms.signers.forEach((s, i) => {
    out.push(`${indent}Signer ${i + 1}`);
    out.push(
      ...fieldLines(
        [
          { label: "Identifier", value: s.signerIdentifier },
          { label: "Digest", value: s.digestAlgorithm },
          { label: "Signature", value: s.signatureAlgorithm },
        ],
        `${indent}  `,
      ),
    );
    out.push(
      `${indent}  Signed attributes`,
      ...fieldLines(
        s.signedAttributes.map((a) => ({ label: a.name, value: value(a.value) })),
        `${indent}    `,
      ),
    );
    if (s.unsignedAttributes.length)
      out.push(
        `${indent}  Unsigned attributes`,
        ...fieldLines(
          s.unsignedAttributes.map((a) => ({ label: a.name, value: value(a.value) })),
          `${indent}    `,
        ),
      );
    if (s.revocationArchival) {
      s.revocationArchival.crls.forEach((c, j) =>
        out.push(
          `${indent}  Archived CRL ${j + 1}`,
          ...fieldLines(
            [
              { label: "Issuer", value: c.issuer },
              { label: "This update", value: formatTime(c.thisUpdate) },
              { label: "Next update", value: c.nextUpdate ? formatTime(c.nextUpdate) : "(none)" },
              { label: "Revoked", value: String(c.revokedCertificates) },
            ],
            `${indent}    `,
          ),
        ),
      );
      s.revocationArchival.ocsps.forEach((o, j) => out.push(`${indent}  Archived OCSP response ${j + 1}`, ...ocspLines(o, `${indent}    `)));
    }
    s.timestamps.forEach((t, j) => out.push(`${indent}  Signature timestamp ${j + 1}`, ...timestampLines(t, `${indent}    `)));
  });
  return out;
}

export function renderInspectHuman(x: Inspection, style: Style): string {
  const out: string[] = [];
  const h = (t: string) => out.push("", paint(style, "bold", t));
  out.push(`${paint(style, "bold", "Inspection")} of ${safeText(x.evidence.file)} — decoded only, no verdict (run sealcheck verify for one)`);
  out.push(
    ...fieldLines([
      { label: "Format", value: x.evidence.format },
      { label: "Size", value: `${x.evidence.bytes} bytes` },
      { label: "SHA-256", value: x.evidence.sha256 },
      ...(x.workflowResultInfo ? [{ label: "Result info", value: JSON.stringify(x.workflowResultInfo) }] : []),
    ]),
  );
  const p = x.pdf;
  if (p) {
    h("PDF");
    out.push(
      ...fieldLines([
        { label: "Version", value: p.headerVersion },
        { label: "Trailing bytes", value: String(p.trailingBytes) },
      ]),
    );
    out.push("  Revisions");
    for (const r of p.revisions) out.push(`    ${r.index + 1}. bytes ${r.startOffset}–${r.endOffset}, ${r.xrefKind} xref, ${r.entries} entries`);
    if (p.dss)
      out.push(`  DSS: ${p.dss.certificates} certificate(s), ${p.dss.ocspResponses} OCSP response(s), ${p.dss.crls} CRL(s), ${p.dss.vri} VRI entr(ies)`);
    h("Signature dictionaries");
    if (!p.signatures.length) out.push("  (none)");
    p.signatures.forEach((s, i) => {
      out.push(`  ${i + 1}. ${s.field !== undefined && s.field !== null ? quoteName(s.field) : "(DocMDP signature not in a field)"}`);
      out.push(
        ...fieldLines(
          [
            { label: "Revision", value: `${s.revision + 1}${s.redefinedIn.length ? ` (redefined in ${s.redefinedIn.map((r) => r + 1).join(", ")})` : ""}` },
            ...(s.type ? [{ label: "/Type", value: s.type }] : []),
            { label: "/Filter", value: s.filter ?? "(absent)" },
            { label: "/SubFilter", value: s.subFilter ?? "(absent)" },
            { label: "/M", value: s.claimedTime ? `${s.claimedTime} (${formatTime(s.claimedTime)})` : "(absent)" },
            { label: "/ByteRange", value: s.byteRange ? `[${s.byteRange.join(" ")}]` : "(absent or malformed)" },
            { label: "/Contents", value: s.contentsReserved === null ? "(absent)" : `${s.contentsReserved} bytes reserved` },
            {
              label: "Kind",
              value: s.documentTimestamp ? "document timestamp" : s.certification ? `certification (DocMDP P ${s.docMdpPermission ?? "?"})` : "approval",
            },
          ],
          "     ",
        ),
      );
      if (s.cms) out.push("     CMS", ...cmsLines(s.cms, "       "));
    });
    if (p.unsignedSignatureFields.length) out.push(`  Empty signature fields: ${p.unsignedSignatureFields.join(", ")}`);
    h(`Embedded files (${p.embeddedFiles.length}, last revision)`);
    for (const f of p.embeddedFiles) {
      out.push(`  ${safeText(f.name)}`);
      out.push(
        ...fieldLines(
          [
            { label: "/F /UF", value: `${f.f ?? "(absent)"} / ${f.uf ?? "(absent)"}` },
            { label: "Relationship", value: f.afRelationship ?? "(absent)" },
            { label: "Subtype", value: f.subtype ?? "(absent)" },
            { label: "Size", value: `${f.size ?? "?"} bytes decoded${f.declaredSize !== undefined ? `, /Params /Size ${f.declaredSize}` : ""}` },
            ...(f.modDate ? [{ label: "Modified", value: formatTime(f.modDate) }] : []),
            ...(f.sha256 ? [{ label: "SHA-256", value: f.sha256 }] : []),
            ...(f.problem ? [{ label: "Problem", value: f.problem }] : []),
          ],
          "    ",
        ),
      );
    }
  }
  const t = x.token;
  if (t) {
    h("Workflow token");
    out.push(`  From ${safeText(t.source)}`);
    out.push(
      "  Header",
      ...fieldLines(
        Object.entries(t.header).map(([k, v]) => ({ label: k, value: value(v) })),
        "    ",
      ),
    );
    out.push("  Claims", ...fieldLines(claimFields(t.claims), "    "));
    for (const d of t.documents)
      out.push(
        `  document_${d.index}`,
        ...fieldLines(
          [
            { label: "title", value: value(d.title) },
            { label: "sha256Hex", value: value(d.sha256Hex) },
          ],
          "    ",
        ),
      );
    for (const s of t.signatures) {
      out.push(`  signature_${s.index}`);
      out.push(
        ...fieldLines(
          [
            { label: "Created", value: value(s.created) },
            { label: "Id", value: value(s.id) },
            { label: "SignatureTransactionId", value: value(s.signatureTransactionId) },
          ],
          "    ",
        ),
      );
      out.push("    UserClaims", ...fieldLines(claimFields(s.userClaims), "      "));
    }
    out.push(`  Claim filter (if this is the PAdES copy): ${t.claimFilter}`);
    if (t.certificate) {
      h("Token certificate");
      out.push(...fieldLines(certFields(t.certificate)));
    }
    if (t.ocsp) {
      h("Token OCSP response");
      out.push(...ocspLines(t.ocsp, "  "));
    }
  }
  if (x.problems.length) {
    h("Could not be decoded");
    for (const pr of x.problems) out.push(`  - ${wrap(safeText(pr), WIDTH - 4, "    ")}`);
  }
  const masked = t ? [...t.claims, ...t.signatures.flatMap((s) => s.userClaims)].some((c) => c.masked) : false;
  if (masked) out.push("", paint(style, "grey", "Personal data is masked; --show-personal-data reveals it."));
  return `${out.join("\n")}\n`;
}

// Human output of `sealcheck inspect`: every decoded part, no verdict. Personal data masked as in the
// verify output unless shown. Pure: inspection in, text out.
import type { CertificateSummary } from "../report/types.js";
import type { CmsInspection, Inspection, OcspInspection, TimestampInspection } from "../inspect/decode.js";
import type { ReportedClaim } from "../report/archive-report.js";
import { certificateFields, formatTime, type Field } from "./archive-view.js";
import { WIDTH, fieldLines, safeText } from "./archive-human.js";
import { oneLine, paint, wrap, type Style } from "./style.js";
import { quoteName, quoteValue, shownValue } from "../report/quoted-name.js";

// Every value the evidence wrote is shown as the text report shows one (a15, h8c): on its field's line, cut
// visibly, never wrapped at the value column (where its words would read as inspect's own lines); a string of
// the token's quoted (quoteValue: a control, bidi or quotation character escaped), a name or a PDF name as it is
// (shownValue: anything but plain letters escaped). Labels the evidence names (claims, header parameters) cut too.

/** A token's value: a string quoted, a number, true, false or null bare, a list or an object as its JSON; absent said. */
function value(v: unknown): string {
  if (v === undefined) return "(absent)";
  // A digest as it is (hex only), so that it moves whole to a line of its own (fieldLines).
  if (typeof v === "string" && /^[0-9A-Fa-f]{32,}$/.test(v)) return v;
  return v !== null && typeof v === "object" ? shownValue(JSON.stringify(v)) : quoteValue(v, 200);
}

/** A field whose value is the evidence's (Field.evidence: one line, cut); "(absent)" is inspect's own. */
function ev(label: string, v: unknown): Field {
  return v === undefined ? { label, value: "(absent)" } : { label, value: value(v), evidence: true };
}

/** A name or a PDF value from the evidence, as it is (a DN, /SubFilter's name): one line, cut. */
function named(label: string, v: string | null | undefined, absent = "(absent)"): Field {
  return v === undefined || v === null ? { label, value: absent } : { label, value: shownValue(v), evidence: true };
}

/** A label the evidence names (a claim, a header parameter), cut so that the value column stays. */
const labelOf = (name: string) => oneLine(shownValue(name, 28), 28);

/** Claims that are times in seconds since the epoch, shown with the time they name. */
const TIME_CLAIMS = new Set(["iat", "nbf", "exp", "expiry", "auth_time"]);

function claimFields(claims: readonly ReportedClaim[]): Field[] {
  return claims.map((c) => {
    const label = labelOf(c.name);
    const time = timed(c);
    // Masked: inspect's own bullets. Shown personal data: its mark first, so that cutting the value keeps it.
    if (c.masked) return { label, value: `${String(c.value)}  [personal data: ${c.personalData}, masked]` };
    if (time) return { label, value: time };
    return { label, value: `${c.personalData ? `[personal data: ${c.personalData}] ` : ""}${value(c.value)}`, evidence: true };
  });
}

/** "1765182652 (2025-12-08 08:30:52 UTC)" for a time claim given as a number or a string of digits. */
function timed(c: ReportedClaim): string | null {
  if (!TIME_CLAIMS.has(c.name) || c.masked || !/^\d{1,12}$/.test(String(c.value))) return null;
  return `${String(c.value)} (${formatTime(new Date(Number(c.value) * 1000).toISOString())})`;
}

/** A CMS attribute as sealcheck decoded it (a time, a digest, an OID, its own words: inspect/decode.ts), wrapped. */
function attributeField(name: string, v: unknown): Field {
  return { label: name, value: typeof v === "string" ? v : (JSON.stringify(v) ?? "(absent)") };
}

/** A signer's identifier: its issuer's name from the evidence (one line, cut) and its serial on a field of its own. */
function identifierFields(id: string): Field[] {
  const m = /^issuer (.*), serial ([0-9A-F]+)$/s.exec(id);
  return m ? [named("Issuer", m[1]), { label: "Serial", value: m[2]! }] : [{ label: "Identifier", value: id }];
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
        ? [
            o.responderId.byKeyHash
              ? { label: "Responder id", value: `key hash ${o.responderId.byKeyHash}` }
              : { label: "Responder id", value: `name ${shownValue(o.responderId.byName ?? "")}`, evidence: true as const },
          ]
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
      named("TSA", t.tsa?.subject, "(signer certificate not in the token)"),
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
        [...identifierFields(s.signerIdentifier), { label: "Digest", value: s.digestAlgorithm }, { label: "Signature", value: s.signatureAlgorithm }],
        `${indent}  `,
      ),
    );
    out.push(
      `${indent}  Signed attributes`,
      ...fieldLines(
        s.signedAttributes.map((a) => attributeField(a.name, a.value)),
        `${indent}    `,
      ),
    );
    if (s.unsignedAttributes.length)
      out.push(
        `${indent}  Unsigned attributes`,
        ...fieldLines(
          s.unsignedAttributes.map((a) => attributeField(a.name, a.value)),
          `${indent}    `,
        ),
      );
    if (s.revocationArchival) {
      s.revocationArchival.crls.forEach((c, j) =>
        out.push(
          `${indent}  Archived CRL ${j + 1}`,
          ...fieldLines(
            [
              named("Issuer", c.issuer),
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
      ...(x.workflowResultInfo ? [ev("Result info", x.workflowResultInfo)] : []),
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
    const u = p.unreadUpdate;
    if (u) out.push(`    ${p.revisions.length + 1}. bytes ${u.startOffset}–${u.startOffset + u.bytes}, not read (see the problems below)`);
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
            ...(s.type ? [named("/Type", s.type)] : []),
            named("/Filter", s.filter),
            named("/SubFilter", s.subFilter),
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
    if (p.unsignedSignatureFields.length)
      out.push(`  ${wrap(`Empty signature fields: ${p.unsignedSignatureFields.map((f) => quoteName(f)).join(", ")}`, WIDTH - 2, "    ")}`);
    h(`Embedded files (${p.embeddedFiles.length}, last revision)`);
    for (const f of p.embeddedFiles) {
      out.push(`  ${quoteName(f.name, WIDTH - 6)}`);
      out.push(
        ...fieldLines(
          [
            {
              label: "/F /UF",
              value: `${f.f === undefined || f.f === null ? "(absent)" : quoteName(f.f, 28)} / ${f.uf === undefined || f.uf === null ? "(absent)" : quoteName(f.uf, 28)}`,
              evidence: true,
            },
            named("Relationship", f.afRelationship),
            named("Subtype", f.subtype),
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
        Object.entries(t.header).map(([k, v]) => ev(labelOf(k), v)),
        "    ",
      ),
    );
    out.push("  Claims", ...fieldLines(claimFields(t.claims), "    "));
    for (const d of t.documents) out.push(`  document_${d.index}`, ...fieldLines([ev("title", d.title), ev("sha256Hex", d.sha256Hex)], "    "));
    for (const s of t.signatures) {
      out.push(`  signature_${s.index}`);
      out.push(...fieldLines([ev("Created", s.created), ev("Id", s.id), ev("SignatureTransactionId", s.signatureTransactionId)], "    "));
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

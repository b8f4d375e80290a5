// Check "seal-signature": the PAdES CMS signature. ByteRange sane and covering its revision exactly
// except /Contents; /Contents one CMS SignedData (zero padding allowed); messageDigest = digest of the
// byte ranges (streamed, never copied); signature value; ESS signing-certificate-v2 binds the signer.
import type * as pkijs from "pkijs";
import { LimitError, errorMessage } from "../errors.js";
import { describeAlgorithm } from "../pki/algorithms.js";
import { ACCEPTED_DIGESTS, CMS_OID, decodeSignedData, decidingSigner, withOnlySigner, type DecidingSigner, type DecodedSignedData } from "../pki/cms.js";
import { sameName, summarize, shownSubject, shownIssuer } from "../pki/certificate.js";
import { sealIdentity } from "../evidence/broker-identity.js";
import { failed, indeterminate, passed, warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { PdfDocument, SignatureInfo } from "../input/pdf/index.js";
import type { EvidenceSource } from "../input/source.js";
import type { CheckEnv, Established } from "./facts.js";

const ID = "seal-signature";

export { sealIdentity } from "../evidence/broker-identity.js";

/** What the PDF layer found about one signature, in the terms this check needs. */
export interface SealSignatureInput {
  fieldName: string;
  filter?: string;
  subFilter?: string;
  /** /M as written, e.g. D:20251208083635Z. */
  claimedTime?: string;
  /** /ByteRange as found (anything: validated here). */
  byteRange: unknown;
  /** Hex-decoded /Contents, or null when not a string. */
  contents: Uint8Array | null;
  /** Byte span of the /Contents string token, angle brackets included. */
  contentsSpan: { start: number; end: number } | null;
  /** /Contents is a hex string (`<…>`: hex digits and white space only), not a literal one. */
  contentsHex: boolean;
  /**
   * Where the revision in which this signature dictionary first appears ends: just after its %%EOF, or
   * after the end-of-line that follows it (writers differ; both are the same revision).
   */
  revisionEnds: readonly number[];
  revisionIndex: number;
}

/** Established by "seal-signature": the seal's CMS once decoded, and its signer once identified. */
export interface SealCmsFacts {
  readonly cms?: DecodedSignedData;
  readonly signerCert?: pkijs.Certificate;
}

/** What the PDF layer found about signature `s`, in the terms the signature checks need. */
export function signatureInput(doc: PdfDocument, s: SignatureInfo): SealSignatureInput {
  const rev = doc.revisions[s.revision]!;
  return {
    fieldName: s.fieldName ?? "(DocMDP)",
    ...(s.filter !== undefined ? { filter: s.filter } : {}),
    ...(s.subFilter !== undefined ? { subFilter: s.subFilter } : {}),
    ...(s.m ? { claimedTime: s.m.text } : {}),
    byteRange: s.byteRange,
    contents: s.contents,
    contentsSpan: s.contentsSpan ? { start: s.contentsSpan.start, end: s.contentsSpan.end } : null,
    contentsHex: s.contentsHex,
    revisionEnds: [...new Set([rev.eofOffset + 5, rev.endOffset])],
    revisionIndex: s.revision,
  };
}

/** Validates /ByteRange against the file and the /Contents span; returns the two ranges or problems. */
export function checkByteRange(sig: SealSignatureInput, fileLength: number): { ranges?: [number, number, number, number]; problems: string[] } {
  const br = sig.byteRange;
  const problems: string[] = [];
  if (!Array.isArray(br)) return { problems: ["/ByteRange is missing or not an array"] };
  if (br.length !== 4) return { problems: [`/ByteRange has ${br.length} numbers; exactly 4 (two ranges) are required`] };
  if (!br.every((n) => typeof n === "number" && Number.isSafeInteger(n) && n >= 0))
    return { problems: ["/ByteRange holds values that are not non-negative integers"] };
  const [a, b, c, d] = br as [number, number, number, number];
  if (a !== 0) problems.push(`the first range starts at ${a}, not at the beginning of the file`);
  if (a + b > c) problems.push("the two ranges overlap");
  if (c + d > fileLength) problems.push(`the second range ends at ${c + d}, beyond the end of the file (${fileLength})`);
  if (!sig.contentsSpan) problems.push("/Contents is not a string, so the gap cannot be checked");
  // a23 G1: in a literal string the CMS's bytes (its unsigned parts: anyone's) are file text a rebuilding reader
  // scans as objects and trailers (qpdf); EU DSS (PDFBox) and poppler read the gap as hex only.
  else if (!sig.contentsHex) problems.push("/Contents is a literal string, not a hex string: readers read a signature's gap as hex digits only");
  else if (a + b !== sig.contentsSpan.start || c !== sig.contentsSpan.end) {
    problems.push(`the gap between the ranges (${a + b}–${c}) is not exactly the /Contents string (${sig.contentsSpan.start}–${sig.contentsSpan.end})`);
  }
  if (!sig.revisionEnds.includes(c + d))
    problems.push(`the ranges end at ${c + d}, not where the signature's revision ends (${sig.revisionEnds.join(" or ")})`);
  return problems.length ? { problems } : { ranges: [a, b, c, d], problems };
}

export async function checkSealSignature(env: CheckEnv, pdf: EvidenceSource, sig: SealSignatureInput): Promise<Established<SealCmsFacts>> {
  const found: { cms?: DecodedSignedData; signerCert?: pkijs.Certificate } = {};
  const check = await judge(env, pdf, sig, found);
  return { check, facts: found };
}

async function judge(
  env: CheckEnv,
  pdf: EvidenceSource,
  sig: SealSignatureInput,
  seal: { cms?: DecodedSignedData; signerCert?: pkijs.Certificate },
): Promise<CheckResult> {
  const details: Record<string, unknown> = {
    field: sig.fieldName,
    filter: sig.filter,
    subFilter: sig.subFilter,
    claimedTime: sig.claimedTime,
    byteRange: sig.byteRange,
  };
  const { ranges, problems } = checkByteRange(sig, pdf.length);
  if (!ranges) return failed(ID, "FORMAT_FAILURE", `The seal's byte range is not acceptable: ${problems.join("; ")}.`, { details });
  if (!sig.contents || sig.contents.length === 0) return failed(ID, "FORMAT_FAILURE", "The seal's /Contents is empty: there is no signature.", { details });
  try {
    seal.cms = decodeSignedData(sig.contents, "the seal's /Contents", env.pki, true);
  } catch (e) {
    // A limit reached in what the signatures cover (the unsigned elements are left out within the decode) is
    // not decided: INDETERMINATE/FORMAT_FAILURE (EN 319 102-1 §5.2.3), never "not intact".
    if (e instanceof LimitError) return indeterminate(ID, "FORMAT_FAILURE", `The seal's CMS is not judged, so not decided: ${errorMessage(e)}.`, { details });
    return failed(ID, "FORMAT_FAILURE", `${errorMessage(e)}.`, { details });
  }
  const sd = seal.cms.signedData;
  details.derLength = seal.cms.derLength;
  details.reservedLength = sig.contents.length;
  if (sd.encapContentInfo.eContent)
    return failed(ID, "FORMAT_FAILURE", "The seal's CMS is not detached: it encapsulates content instead of signing the PDF's byte ranges.", { details });
  // CAdES (and so PAdES) signs through signed attributes; a bare PKCS#7 signature is another format, which
  // says nothing about whether its bytes are intact (pdfSignatures judges it as such).
  // signerInfos is outside every signature (a13 S3d): the SignerInfo that verifies over the byte ranges decides,
  // the seal's own signer's first; the others are named and ignored.
  let deciding: DecidingSigner;
  try {
    deciding = await decidingSigner(
      env.pki,
      seal.cms,
      (alg) => pdf.digestRanges(ranges, alg),
      env.limits.maxValidationDataItems,
      (c) => sealIdentity(c, env.options.sealSigners).identity !== "other",
    );
  } catch (e) {
    if (e instanceof LimitError) return indeterminate(ID, "FORMAT_FAILURE", `The seal's CMS is not judged, so not decided: ${errorMessage(e)}.`, { details });
    throw e;
  }
  if (deciding.index > 0) {
    // Readers judge the first SignerInfo (pdfsig/NSS, EU DSS; Acrobat): when it is not the one that decides, they show
    // another signer (a17 S1), a broken seal (a18 S4) or no signer they can find (a18 S5), while the broker's own
    // verifies. Readers disagree on this signature, so it is not called intact; never FAILED either (anyone may
    // add a SignerInfo). One after the seal's own is a remark (below): readers show the seal's.
    details.ignoredSignerInfos = deciding.others;
    const first = deciding.firstShowsOther
      ? `names another signer, ${shownSubject(deciding.firstShowsOther)}, which readers that judge the first one (poppler/pdfsig, EU DSS) show as the signer`
      : "is not one that verifies the byte ranges with the seal's certificate (its signature does not verify, or not with a certificate of the seal's path), so readers that judge the first one (poppler/pdfsig, EU DSS) show the seal as broken or untrusted";
    return indeterminate(
      ID,
      "FORMAT_FAILURE",
      `The seal's CMS holds the broker's SignerInfo as number ${deciding.index + 1}, but its first SignerInfo ${first}. Readers disagree on this signature, so it is not decided.`,
      { details },
    );
  }
  seal.cms = withOnlySigner(seal.cms, deciding.index);
  if (!seal.cms.signedData.signerInfos[0]!.signedAttrs)
    return failed(
      ID,
      "FORMAT_FAILURE",
      "The seal's SignerInfo has no signed attributes: it is a bare PKCS#7 signature, not the CAdES signature of a PAdES seal.",
      { details },
    );
  const v = deciding.verification;
  details.digestAlgorithm = v.digestAlgorithm;
  details.signatureAlgorithm = v.signatureAlgorithm;
  details.messageDigest = v.messageDigest;
  details.computedDigest = v.computedDigest;
  details.ess = v.ess;
  if (v.signerCert) {
    seal.signerCert = v.signerCert;
    details.signer = summarize(v.signerCert);
    details.sealIdentity = sealIdentity(v.signerCert, env.options.sealSigners).identity;
  }
  if (v.contentType !== undefined && v.contentType !== CMS_OID.data) {
    return failed(ID, "FORMAT_FAILURE", `The seal's contentType attribute is ${v.contentType}, not id-data.`, { details });
  }
  if (v.computedDigest === undefined && v.messageDigest !== undefined) {
    if (v.unsupported) details.unsupportedAlgorithm = v.unsupported;
    return indeterminate(
      ID,
      "CRYPTO_CONSTRAINTS_FAILURE",
      `The seal's digest algorithm ${describeAlgorithm(v.digestAlgorithm)} is not supported, so its integrity cannot be checked.`,
      { details },
    );
  }
  if (!v.messageDigestMatches) {
    return failed(
      ID,
      "HASH_FAILURE",
      v.messageDigest
        ? "The digest of the signed byte ranges does not match the seal's messageDigest: the PDF was changed after sealing."
        : `The seal's signed attributes are incomplete: ${v.problems.join("; ")}.`,
      { details },
    );
  }
  if (!v.signerCert) return indeterminate(ID, "NO_SIGNING_CERTIFICATE_FOUND", "The seal's signer certificate is not in the CMS.", { details });
  // Not checked is not broken: an algorithm outside the table (or a pairing RFC 8419 does not allow).
  if (v.unsupported) {
    details.unsupportedAlgorithm = v.unsupported;
    return indeterminate(ID, "CRYPTO_CONSTRAINTS_FAILURE", `The seal's signature value cannot be checked: ${v.unsupported.message}.`, { details });
  }
  if (!v.signatureValid) {
    return failed(
      ID,
      "SIG_CRYPTO_FAILURE",
      `The seal's signature value does not verify with the key of ${shownSubject(v.signerCert)}${v.problems.length ? ` (${v.problems.join("; ")})` : ""}.`,
      { details },
    );
  }
  // Integrity before policy: only an intact seal is judged by its algorithms.
  if (!ACCEPTED_DIGESTS.has(v.digestAlgorithm)) {
    return indeterminate(
      ID,
      "CRYPTO_CONSTRAINTS_FAILURE",
      `The seal is intact, but it uses the digest ${v.digestAlgorithm}, which is not accepted (SHA-256 or stronger).`,
      { details },
    );
  }
  if (v.ess.present === "none") {
    return indeterminate(
      ID,
      "NO_SIGNING_CERTIFICATE_FOUND",
      "The seal's signed attributes do not bind the signer certificate (no ESS signing-certificate-v2).",
      { details },
    );
  }
  if (!v.ess.matches) {
    return indeterminate(
      ID,
      "NO_SIGNING_CERTIFICATE_FOUND",
      "The ESS signing-certificate attribute names another certificate than the one that verifies the seal.",
      { details },
    );
  }
  if (v.firstCandidate) {
    // The certificate set is outside every signature, and readers take the first certificate the sid designates
    // (EU DSS; NSS behind pdfsig): a8 S3 and a19 K1 put a decoy there, so they judge the seal by it while its own
    // certificate, later in the set, verifies. Readers disagree on this signature: not decided, never FAILED.
    const first = v.firstCandidate;
    details.firstDesignated = summarize(first);
    const shows = !sameName(first.subject, v.signerCert.subject)
      ? `names another signer, ${shownSubject(first)}, which those readers show as the signer`
      : v.firstCandidateSameKey
        ? "has the seal's name and key but is not the certificate the ESS attribute names, so those readers find no signing certificate (EU DSS: NO_SIGNING_CERTIFICATE_FOUND)"
        : `has the seal's name but another key${sameName(first.issuer, v.signerCert.issuer) ? "" : ` and issuer (${shownIssuer(first)})`}, so those readers show the seal as broken or not bound to its certificate (pdfsig: invalid; EU DSS: NO_SIGNING_CERTIFICATE_FOUND)`;
    return indeterminate(
      ID,
      "FORMAT_FAILURE",
      `The seal verifies with its certificate ${shownSubject(v.signerCert)}, but the first certificate of the CMS that its SignerInfo's identifier designates is another: it ${shows}. Readers that take the first (poppler/pdfsig, EU DSS) judge the seal by that one; readers disagree on this signature, so it is not decided.`,
      { details },
    );
  }
  const who = `${shownSubject(v.signerCert)} (${details.sealIdentity})`;
  const remarks: string[] = [];
  if (sig.subFilter !== "ETSI.CAdES.detached") remarks.push(`its SubFilter is ${sig.subFilter ?? "missing"}, not ETSI.CAdES.detached (not PAdES)`);
  if (v.hasSigningTime) remarks.push("it carries a signingTime attribute, which PAdES baseline signatures must not have");
  if (v.ess.present === "v1") remarks.push("it binds the certificate with ESS signing-certificate v1 (SHA-1)");
  if (v.otherCandidates) {
    // What is true of each (a10: a decoy with the seal's own key, its TBS re-signed by another, verifies too).
    const same = v.otherCandidatesSameKey ?? 0;
    const other = v.otherCandidates - same;
    const withKey = "with the signer's own key, so the signature verifies with it too, but the ESS attribute does not name it";
    const neither = "which neither the ESS attribute names nor the signature verifies with";
    const which = !same ? `, ${neither}` : !other ? `, ${withKey}` : `: ${same} ${withKey}, and ${other} ${neither}`;
    remarks.push(
      `its CMS also carries ${v.otherCandidates} other certificate(s) that its SignerInfo's identifier designates${which}: ignored (the certificate set is not signed; anyone may add to it)`,
    );
  }
  if (deciding.otherCount) {
    // EN 319 142-1 (§6.3) asks the signer for one SignerInfo; one anyone may add is no act of the signer, and
    // the seal's own verifies: a remark, not a verdict (EU DSS: TOTAL_PASSED, format PDF-NOT-ETSI; pdfsig valid).
    details.ignoredSignerInfos = deciding.others;
    details.ignoredSignerInfoCount = deciding.otherCount;
    remarks.push(
      `its CMS also carries ${deciding.otherCount} other SignerInfo(s), not the one that verifies the byte ranges with the seal's certificate: ignored (the SignerInfo set is not signed; anyone may add to it; a PAdES signature has one)`,
    );
  }
  const ignored = seal.cms.ignored ?? [];
  const ignoredCount = seal.cms.ignoredCount ?? ignored.length;
  if (ignoredCount) {
    details.ignoredCmsElements = ignored.slice(0, 20);
    details.ignoredCmsElementCount = ignoredCount;
    const where = ignored.some((x) => / attribute /.test(x)) ? "certificate or CRL set or unsigned attributes also hold" : "certificate or CRL set also holds";
    remarks.push(`its CMS's unsigned ${where} ${ignoredCount} element(s) that do not decode: left out (no signature covers them; anyone may add to them)`);
  }
  if (remarks.length) return warning(ID, `The seal by ${who} verifies over its byte ranges, but ${remarks.join("; ")}.`, { details });
  return passed(
    ID,
    `The seal by ${who} verifies: ${v.digestAlgorithm.toUpperCase()} digest of the byte ranges matches, signature valid, ESS v2 binds the certificate.`,
    { details },
  );
}

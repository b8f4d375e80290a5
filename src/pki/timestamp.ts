// RFC 3161 timestamp tokens: the TSTInfo's message imprint over the timestamped bytes, the TSA's CMS
// signature, its certificate (id-kp-timeStamping) and path. The genTime proves the seal existed then.
import * as pkijs from "pkijs";
import { FormatError, LimitError, errorMessage } from "../errors.js";
import { createDigest, describeAlgorithm } from "./algorithms.js";
import type { Judgement } from "./ocsp.js";
import { OID, extendedKeyUsages, extension, summarize, type CertificateSummary, shownSubject } from "./certificate.js";
import { validateChain, type AnchorIndex } from "./chain.js";
import { CMS_OID, decodeSignedData, hashName, revocationArchival, unsignedRevocation, verifySigner, type DecodedSignedData } from "./cms.js";
import * as asn1js from "asn1js";
import { assertDerShape, countDerValues, decodeDer, derChildren, readTlv, toHex, type DerLimits, type Tlv } from "./der.js";
import { NOT_PLAIN, decodeWith, fromPart, refusedPart, type PartsResult, type PartsStrategy } from "./parts.js";
import type { PkiSession } from "./session.js";

/** A TSTInfo by parts (the plain shape) or whole. */
export const TST_INFO_DECODING: PartsStrategy<Uint8Array, pkijs.TSTInfo> = {
  byParts: (der, session) => tstInfoByParts(der, session.limits),
  whole: (der, session) => new pkijs.TSTInfo({ schema: decodeDer(der, "the TSTInfo", session.limits) }),
};

/**
 * A TSTInfo (RFC 3161 §2.4.2) by parts, without pkijs building its schema for every token: version, policy,
 * messageImprint, serialNumber, genTime, and accuracy, ordering and nonce when present — within the limits
 * of the whole. A tsa name, extensions or any other shape is NOT_PLAIN, and pkijs decodes the whole.
 */
function tstInfoByParts(der: Uint8Array, limits: DerLimits): PartsResult<pkijs.TSTInfo> {
  try {
    if (der.length === 0 || der.length > limits.maxDerBytes) return NOT_PLAIN;
    const top = readTlv(der, 0, der.length);
    if (!top || top.tag !== 0x30 || top.end !== der.length) return NOT_PLAIN;
    assertDerShape(der, limits, "the TSTInfo");
    const nodes = countDerValues(der, top);
    const f = derChildren(der, top.body, top.end);
    if (nodes === null || nodes > limits.maxAsn1Nodes || !f || f.length < 5) return NOT_PLAIN;
    const [version, policy, imprint, serial, genTime] = f as [Tlv, Tlv, Tlv, Tlv, Tlv];
    let i = 5;
    const accuracy = f[i]?.tag === 0x30 ? f[i++] : undefined;
    const ordering = f[i]?.tag === 0x01 ? f[i++] : undefined;
    const nonce = f[i]?.tag === 0x02 ? f[i++] : undefined;
    if (i !== f.length || version.tag !== 0x02 || policy.tag !== 0x06 || imprint.tag !== 0x30 || serial.tag !== 0x02 || genTime.tag !== 0x18) return NOT_PLAIN;
    const decode = (t: Tlv): asn1js.AsnType => decodeDer(der.subarray(t.start, t.end), "the TSTInfo", limits);
    const [v, p, n, g] = [decode(version), decode(policy), decode(serial), decode(genTime)];
    const o = ordering ? decode(ordering) : undefined;
    const nonceBlock = nonce ? decode(nonce) : undefined;
    if (!(v instanceof asn1js.Integer) || !(p instanceof asn1js.ObjectIdentifier) || !(n instanceof asn1js.Integer) || !(g instanceof asn1js.GeneralizedTime))
      return NOT_PLAIN;
    if ((ordering && !(o instanceof asn1js.Boolean)) || (nonce && !(nonceBlock instanceof asn1js.Integer))) return NOT_PLAIN;
    return new pkijs.TSTInfo({
      version: v.valueBlock.valueDec,
      policy: p.valueBlock.toString(),
      messageImprint: fromPart(() => new pkijs.MessageImprint({ schema: decode(imprint) })),
      serialNumber: n,
      genTime: g.toDate(),
      ...(accuracy ? { accuracy: fromPart(() => new pkijs.Accuracy({ schema: decode(accuracy) })) } : {}),
      ...(o instanceof asn1js.Boolean ? { ordering: o.valueBlock.value } : {}),
      ...(nonceBlock instanceof asn1js.Integer ? { nonce: nonceBlock } : {}),
    });
  } catch (e) {
    return refusedPart(e);
  }
}

export interface TimestampInfo {
  genTime: Date;
  serialNumber: string;
  policy: string;
  imprintAlgorithm: string;
  tsa?: CertificateSummary;
  /** No ESS signing-certificate(-v2) attribute at all (RFC 3161 §2.4.1): EU DSS reads no timestamp from such a token. */
  essMissing?: boolean;
  path: CertificateSummary[];
  /** The TSA's certificate, once found: what a later proof of existence judges again (long-term validation). */
  signer?: pkijs.Certificate;
  /** The path validated for it at genTime, leaf first (empty when none was found). */
  chain?: pkijs.Certificate[];
  /** The certificates the token itself carries. */
  certificates?: pkijs.Certificate[];
  /** The digest the TSA signed with (node:crypto's name). */
  signerDigest?: string;
  /** Revocation data in the token's own CMS (SignedData crls, adbe-revocationInfoArchival). */
  revocation?: { crls: Uint8Array[]; ocsps: Uint8Array[] };
  /** The token as decoded: what a later reader of the same bytes takes instead of decoding them again. */
  cms?: DecodedSignedData;
}

export interface TimestampResult {
  judgement: Judgement;
  info?: TimestampInfo;
  /**
   * The token is no timestamp that verifies, for what anyone can change without a key (a20 T2, a19 T1, a20 C2): it
   * cannot be read, its imprint is of other data (anyone can put another archive's token there), its TSA signature
   * does not verify, its SignerInfos are not one, readers take another certificate first, or its TSA certificate is
   * not valid at its genTime. The token lies outside the seal's signature (an unsigned attribute; a document
   * timestamp's own /Contents, outside its byte range), so it proves no time, exactly like one that is absent
   * (ETSI EN 319 102-1 §5.5.4: a timestamp that does not validate is removed from the set): never the seal's
   * failure. `judgement` still says what the token itself is (FAILED/SIG_CRYPTO_FAILURE, say).
   */
  provesNothing?: true;
}

/** The timestamped bytes, or a function giving their digest (streamed over a PDF's byte ranges). */
export type Imprinted = Uint8Array | ((hashAlgorithm: string) => Uint8Array);

/** The revocation data a timestamp token carries in its own CMS: adbe-revocationInfoArchival, and wherever EU DSS reads more. */
function tokenRevocation(decoded: ReturnType<typeof decodeSignedData>): { crls: Uint8Array[]; ocsps: Uint8Array[] } {
  const signed = revocationArchival(decoded.signedData.signerInfos[0]!);
  const more = unsignedRevocation(decoded);
  return { crls: [...signed.crls, ...more.crls], ocsps: [...signed.ocsps, ...more.ocsps] };
}

/**
 * The revocation data and certificates a timestamp token carries in its own CMS, read without judging the token
 * (its items are the CA's statements or nothing, wherever they lie); null when the token cannot be decoded.
 */
export function timestampTokenData(
  token: Uint8Array,
  session: PkiSession,
  padded = false,
): { revocation: { crls: Uint8Array[]; ocsps: Uint8Array[] }; certificates: pkijs.Certificate[] } | null {
  try {
    const decoded = decodeSignedData(token, "the timestamp token", session, padded);
    if (!decoded.signedData.signerInfos[0]) return null;
    return { revocation: tokenRevocation(decoded), certificates: [...decoded.certificates] };
  } catch {
    return null;
  }
}

/**
 * Verifies a timestamp token over `data`. `at` is when the TSA's path is judged (the user's --at, else
 * the genTime itself: a timestamp proves existence at genTime if the TSA was trustworthy then).
 */
export async function verifyTimestamp(
  token: Uint8Array,
  data: Imprinted,
  /**
   * Anchors, or the anchors for the time the TSA's path is judged (a trusted list's vouch for some periods only);
   * `explain`: why no path was found among the certificates a path could hold, when the caller can say.
   */
  trust: {
    anchors: readonly pkijs.Certificate[] | ((at: Date) => readonly pkijs.Certificate[]);
    intermediates: readonly pkijs.Certificate[];
    explain?: (certs: readonly pkijs.Certificate[], at: Date) => string | null;
    /** An index of the anchors (a trust store's: validateChain's `index`). */
    index?: AnchorIndex;
  },
  at: Date | null,
  session: PkiSession,
  /** The token sits in a zero-padded PDF /Contents: decoded by its own length (DER or BER), padding checked. */
  padded = false,
): Promise<TimestampResult> {
  let decoded;
  let tst: pkijs.TSTInfo;
  try {
    decoded = decodeSignedData(token, "the timestamp token", session, padded);
    const eci = decoded.signedData.encapContentInfo;
    if (eci.eContentType !== CMS_OID.tstInfo || !eci.eContent) throw new FormatError("the timestamp token does not encapsulate a TSTInfo");
    // The TSTInfo is DER inside an OCTET STRING: bounded like every other DER (depth, size).
    tst = decodeWith(TST_INFO_DECODING, new Uint8Array(eci.eContent.getValue()), session);
  } catch (e) {
    // A limit reached (more junk in its unsigned sets than maxValidationDataItems, say) is not decided, not malformed.
    if (e instanceof LimitError)
      return {
        judgement: {
          status: "indeterminate",
          subIndication: "FORMAT_FAILURE",
          message: `The timestamp token is not judged, so not decided: ${errorMessage(e)}.`,
          details: {},
        },
      };
    return {
      judgement: { status: "failed", subIndication: "FORMAT_FAILURE", message: `The timestamp token is malformed: ${errorMessage(e)}.`, details: {} },
      provesNothing: true,
    };
  }
  const info: TimestampInfo = {
    genTime: tst.genTime,
    serialNumber: toHex(tst.serialNumber.valueBlock.valueHexView).toUpperCase(),
    policy: tst.policy,
    imprintAlgorithm: hashName(tst.messageImprint.hashAlgorithm.algorithmId) ?? tst.messageImprint.hashAlgorithm.algorithmId,
    path: [],
    cms: decoded,
  };
  const details: Record<string, unknown> = {
    genTime: info.genTime.toISOString(),
    serialNumber: info.serialNumber,
    policy: info.policy,
    imprintAlgorithm: info.imprintAlgorithm,
  };
  const fail = (status: "failed" | "indeterminate", sub: Judgement["subIndication"], message: string, nothing = status === "failed"): TimestampResult => ({
    judgement: { status, subIndication: sub, message, details },
    info,
    ...(nothing ? { provesNothing: true as const } : {}),
  });

  // RFC 3161 §2.4.2: a token has exactly one SignerInfo, and signerInfos is outside every signature (a19 T1: a broken
  // copy put first failed a genuine archive). Readers take the first or refuse the token (EU DSS), so a token with
  // more proves nothing and decides nothing: not decided, never failed.
  const signerCount = decoded.signedData.signerInfos.length;
  if (signerCount !== 1)
    return fail(
      "indeterminate",
      "FORMAT_FAILURE",
      `The timestamp token holds ${signerCount} SignerInfos; a timestamp token has exactly one (RFC 3161), and readers take the first or refuse the token: it proves no time here.`,
      true,
    );

  const imprintAlg = hashName(tst.messageImprint.hashAlgorithm.algorithmId);
  if (!imprintAlg)
    return fail(
      "indeterminate",
      "CRYPTO_CONSTRAINTS_FAILURE",
      `The timestamp's imprint uses an unsupported hash (${describeAlgorithm(tst.messageImprint.hashAlgorithm.algorithmId)}).`,
    );
  const imprint = toHex(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
  const expected = toHex(typeof data === "function" ? data(imprintAlg) : createDigest(imprintAlg).update(data).digest());
  details.imprint = imprint;
  if (imprint !== expected)
    return fail("failed", "HASH_FAILURE", "The timestamp's message imprint does not match the data it should cover: it belongs to other data.");

  const eContent = new Uint8Array(decoded.signedData.encapContentInfo.eContent!.getValue());
  const signer = await verifySigner(session, decoded, 0, (alg) => createDigest(alg).update(eContent).digest());
  if (!signer.signerCert) return fail("indeterminate", "NO_SIGNING_CERTIFICATE_FOUND", "The TSA's certificate is not in the timestamp token.");
  info.tsa = summarize(signer.signerCert);
  info.signer = signer.signerCert;
  info.certificates = [...decoded.certificates];
  info.signerDigest = hashName(decoded.signedData.signerInfos[0]!.digestAlgorithm.algorithmId) ?? undefined;
  info.revocation = tokenRevocation(decoded);
  details.tsa = info.tsa;
  // Not checked is not broken: a digest or signature algorithm outside the table. A digest that was computed
  // and does not match is still a failure.
  if (signer.unsupported && (signer.computedDigest === undefined || signer.messageDigestMatches)) {
    details.unsupportedAlgorithm = signer.unsupported;
    return fail("indeterminate", "CRYPTO_CONSTRAINTS_FAILURE", `The TSA's signature on the timestamp cannot be checked: ${signer.unsupported.message}.`);
  }
  if (!signer.messageDigestMatches || !signer.signatureValid) {
    return fail(
      "failed",
      "SIG_CRYPTO_FAILURE",
      `The TSA's signature on the timestamp does not verify${signer.problems.length ? ` (${signer.problems.join("; ")})` : ""}.`,
    );
  }
  if (signer.firstCandidate) {
    // a20 C2: the certificate set is outside every signature, and readers take the first certificate the sid
    // designates (EU DSS: NO_CERTIFICATE_CHAIN_FOUND for a twin of the TSA's certificate put first; pdfsig names the
    // twin's subject as the document timestamp's signer), while the TSA's own certificate, later in the set,
    // verifies. Readers disagree on who timestamped: the token proves no time here, as with two SignerInfos.
    const first = signer.firstCandidate;
    details.firstDesignated = summarize(first);
    return fail(
      "indeterminate",
      "FORMAT_FAILURE",
      `The TSA's signature verifies with ${shownSubject(signer.signerCert)}, but the first certificate of the token that its SignerInfo's identifier designates is another (${shownSubject(first)}): readers that take the first judge the timestamp by that one (pdfsig names it as a document timestamp's signer; EU DSS finds no certificate chain for such a document timestamp), so readers disagree on who timestamped: it proves no time here.`,
      true,
    );
  }
  const eku = extendedKeyUsages(signer.signerCert);
  const ekuExt = extension(signer.signerCert, OID.extKeyUsage);
  if (!eku || !eku.includes(OID.ekuTimeStamping) || !ekuExt?.critical) {
    return fail(
      "indeterminate",
      "CHAIN_CONSTRAINTS_FAILURE",
      `The TSA certificate ${shownSubject(signer.signerCert)} lacks the critical id-kp-timeStamping extended key usage (RFC 3161 §2.3).`,
    );
  }
  const judgeAt = at ?? tst.genTime;
  const chain = await validateChain(signer.signerCert, {
    anchors: typeof trust.anchors === "function" ? trust.anchors(judgeAt) : trust.anchors,
    intermediates: [...trust.intermediates, ...decoded.certificates],
    at: judgeAt,
    session,
    ...(trust.index ? { index: trust.index } : {}),
  });
  info.path = chain.path.map(summarize);
  info.chain = [...chain.path];
  details.path = info.path;
  details.judgedAt = judgeAt.toISOString();
  if (chain.status !== "valid") {
    const note = chain.status === "no-chain" ? trust.explain?.([signer.signerCert, ...trust.intermediates, ...decoded.certificates], judgeAt) : null;
    return fail(
      chain.status === "not-yet-valid" ? "failed" : "indeterminate",
      chain.subIndication ?? "CERTIFICATE_CHAIN_GENERAL_FAILURE",
      `The TSA's certificate: ${chain.message}${note ? ` ${note}` : ""}`,
    );
  }
  // The ESS signing-certificate(-v2) attribute binds the TSA's certificate to its signature (RFC 3161 §2.4.1, RFC
  // 5816). EU DSS 5.13.1's default policy checks it for timestamps at warning level only (SigningCertificatePresent,
  // SigningCertificateRefersCertificateChain, CertDigestPresent, IssuerSerialMatch: WARN; no CertDigestMatch): so
  // here a missing or mismatching binding is a warning, where the seal's own is INDETERMINATE (seal-signature).
  details.ess = signer.ess;
  if (signer.ess.present === "none") info.essMissing = true;
  const ess =
    signer.ess.present === "none"
      ? "no ESS signing-certificate attribute binds the TSA's certificate to the token (RFC 3161 §2.4.1 requires one)"
      : !signer.ess.matches
        ? `its ESS signing-certificate${signer.ess.present === "v2" ? "-v2" : ""} attribute names another certificate than the TSA's that verifies it`
        : null;
  const verified = `Timestamp of ${info.genTime.toISOString()} by ${shownSubject(signer.signerCert)}: imprint matches, TSA signature verifies, ${chain.message.charAt(0).toLowerCase()}${chain.message.slice(1)}`;
  return {
    judgement: {
      status: ess ? "warning" : "passed",
      subIndication: null,
      message: ess ? `${verified} But ${ess} (a warning, as in EU DSS's default policy).` : verified,
      details,
    },
    info,
  };
}

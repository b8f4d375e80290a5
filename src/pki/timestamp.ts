// RFC 3161 timestamp tokens: the TSTInfo's message imprint over the timestamped bytes, the TSA's CMS
// signature, its certificate (id-kp-timeStamping) and path. The genTime proves the seal existed then.
import { createHash } from "node:crypto";
import * as pkijs from "pkijs";
import { FormatError, errorMessage } from "../errors.js";
import type { Judgement } from "./ocsp.js";
import { OID, extendedKeyUsages, extension, displayName, summarize, type CertificateSummary } from "./certificate.js";
import { validateChain } from "./chain.js";
import { CMS_OID, decodeSignedData, hashName, verifySigner } from "./cms.js";
import { decodeDer, toHex } from "./der.js";
import type { PkiSession } from "./session.js";

export interface TimestampInfo {
  genTime: Date;
  serialNumber: string;
  policy: string;
  imprintAlgorithm: string;
  tsa?: CertificateSummary;
  path: CertificateSummary[];
}

export interface TimestampResult {
  judgement: Judgement;
  info?: TimestampInfo;
}

/** The timestamped bytes, or a function giving their digest (streamed over a PDF's byte ranges). */
export type Imprinted = Uint8Array | ((hashAlgorithm: string) => Uint8Array);

/**
 * Verifies a timestamp token over `data`. `at` is when the TSA's path is judged (the user's --at, else
 * the genTime itself: a timestamp proves existence at genTime if the TSA was trustworthy then).
 */
export async function verifyTimestamp(
  token: Uint8Array,
  data: Imprinted,
  trust: { anchors: readonly pkijs.Certificate[]; intermediates: readonly pkijs.Certificate[] },
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
    tst = new pkijs.TSTInfo({ schema: decodeDer(new Uint8Array(eci.eContent.getValue()), "the TSTInfo", session.limits) });
  } catch (e) {
    return { judgement: { status: "failed", subIndication: "FORMAT_FAILURE", message: `The timestamp token is malformed: ${errorMessage(e)}.`, details: {} } };
  }
  const info: TimestampInfo = {
    genTime: tst.genTime,
    serialNumber: toHex(tst.serialNumber.valueBlock.valueHexView).toUpperCase(),
    policy: tst.policy,
    imprintAlgorithm: hashName(tst.messageImprint.hashAlgorithm.algorithmId) ?? tst.messageImprint.hashAlgorithm.algorithmId,
    path: [],
  };
  const details: Record<string, unknown> = {
    genTime: info.genTime.toISOString(),
    serialNumber: info.serialNumber,
    policy: info.policy,
    imprintAlgorithm: info.imprintAlgorithm,
  };
  const fail = (status: "failed" | "indeterminate", sub: Judgement["subIndication"], message: string): TimestampResult => ({
    judgement: { status, subIndication: sub, message, details },
    info,
  });

  const imprintAlg = hashName(tst.messageImprint.hashAlgorithm.algorithmId);
  if (!imprintAlg) return fail("indeterminate", "CRYPTO_CONSTRAINTS_FAILURE", `The timestamp's imprint uses an unsupported hash (${info.imprintAlgorithm}).`);
  const imprint = toHex(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
  const expected = toHex(typeof data === "function" ? data(imprintAlg) : createHash(imprintAlg).update(data).digest());
  details.imprint = imprint;
  if (imprint !== expected)
    return fail("failed", "HASH_FAILURE", "The timestamp's message imprint does not match the data it should cover: it belongs to other data.");

  const eContent = new Uint8Array(decoded.signedData.encapContentInfo.eContent!.getValue());
  const signer = await verifySigner(session, decoded, 0, (alg) => createHash(alg).update(eContent).digest());
  if (!signer.signerCert) return fail("indeterminate", "NO_SIGNING_CERTIFICATE_FOUND", "The TSA's certificate is not in the timestamp token.");
  info.tsa = summarize(signer.signerCert);
  details.tsa = info.tsa;
  if (!signer.messageDigestMatches || !signer.signatureValid) {
    return fail(
      "failed",
      "SIG_CRYPTO_FAILURE",
      `The TSA's signature on the timestamp does not verify${signer.problems.length ? ` (${signer.problems.join("; ")})` : ""}.`,
    );
  }
  const eku = extendedKeyUsages(signer.signerCert);
  const ekuExt = extension(signer.signerCert, OID.extKeyUsage);
  if (!eku || !eku.includes(OID.ekuTimeStamping) || !ekuExt?.critical) {
    return fail(
      "indeterminate",
      "CHAIN_CONSTRAINTS_FAILURE",
      `The TSA certificate "${displayName(signer.signerCert.subject)}" lacks the critical id-kp-timeStamping extended key usage (RFC 3161 §2.3).`,
    );
  }
  const judgeAt = at ?? tst.genTime;
  const chain = await validateChain(signer.signerCert, {
    anchors: trust.anchors,
    intermediates: [...trust.intermediates, ...decoded.certificates],
    at: judgeAt,
    session,
  });
  info.path = chain.path.map(summarize);
  details.path = info.path;
  details.judgedAt = judgeAt.toISOString();
  if (chain.status !== "valid") {
    return fail(
      chain.status === "not-yet-valid" ? "failed" : "indeterminate",
      chain.subIndication ?? "CERTIFICATE_CHAIN_GENERAL_FAILURE",
      `The TSA's certificate: ${chain.message}`,
    );
  }
  return {
    judgement: {
      status: "passed",
      subIndication: null,
      message: `Timestamp of ${info.genTime.toISOString()} by "${displayName(signer.signerCert.subject)}": imprint matches, TSA signature verifies, ${chain.message.charAt(0).toLowerCase()}${chain.message.slice(1)}`,
      details,
    },
    info,
  };
}

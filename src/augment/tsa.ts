// An RFC 3161 client: a TimeStampReq over a SHA-256 digest with a random nonce and certReq, POSTed as
// application/timestamp-query; the answer must be granted, carry a token whose TSTInfo has our imprint and our
// nonce, signed by a TSA certificate (critical id-kp-timeStamping) with a path to a trust anchor for
// timestamps at its genTime, and a genTime within the exchange: not before the request was sent nor after the
// answer came, each widened by the allowed clock skew and the TSTInfo's accuracy (a TSA whose clock is wrong, or
// a key answering for a TSA that is not at that time, gives no proof of existence). Only then is the token used.
import { randomBytes } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { SealcheckError, errorMessage } from "../errors.js";
import { decodeSignedData } from "../pki/cms.js";
import { derChildren, readTlv, toHex } from "../pki/der.js";
import type { PkiSession } from "../pki/session.js";
import { verifyTimestamp, type TimestampInfo } from "../pki/timestamp.js";
import { exchange, type HttpLimits } from "./http.js";

const SHA256 = "2.16.840.1.101.3.4.2.1";

export interface TsaTrust {
  readonly anchors: readonly pkijs.Certificate[];
  readonly intermediates: readonly pkijs.Certificate[];
}

/** A verified timestamp token: its DER and what it says. */
export interface Stamp {
  readonly token: Uint8Array;
  readonly info: TimestampInfo;
}

export function timestampRequest(digest: Uint8Array, nonce: Uint8Array): Uint8Array {
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: digest }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  return new Uint8Array(req.toSchema().toBER(false));
}

const STATUS = ["granted", "grantedWithMods", "rejection", "waiting", "revocationWarning", "revocationNotification"];

/** The token's bytes as the TSA sent them (TimeStampResp ::= SEQUENCE { status, timeStampToken OPTIONAL }). */
function tokenOf(resp: Uint8Array, url: string): Uint8Array {
  const top = readTlv(resp, 0, resp.length);
  const parts = top && top.tag === 0x30 && top.end === resp.length ? derChildren(resp, top.body, top.end) : null;
  if (!parts || parts.length < 1 || parts.length > 2)
    throw new SealcheckError("ERR_NETWORK", `the TSA ${url} answered with something that is not a TimeStampResp`);
  let status: pkijs.PKIStatusInfo;
  try {
    const s = parts[0]!;
    status = new pkijs.PKIStatusInfo({ schema: asn1js.fromBER(resp.subarray(s.start, s.end)).result });
  } catch (e) {
    throw new SealcheckError("ERR_NETWORK", `the TSA ${url} answered with an unreadable status (${errorMessage(e)})`);
  }
  if (status.status !== 0 && status.status !== 1) {
    const text = status.statusStrings?.map((x) => x.valueBlock.value).join("; ");
    throw new SealcheckError(
      "ERR_NETWORK",
      `the TSA ${url} refused the request: status ${STATUS[status.status] ?? status.status}${text ? ` (${text})` : ""}${status.failInfo ? `, failInfo ${toHex(status.failInfo.valueBlock.valueHexView)}` : ""}`,
    );
  }
  const t = parts[1];
  if (!t) throw new SealcheckError("ERR_NETWORK", `the TSA ${url} granted the request but sent no token`);
  return resp.slice(t.start, t.end);
}

/** The nonce in the token's TSTInfo, as hex (undefined when there is none), and its accuracy in ms (0 when none). */
function tokenNonce(token: Uint8Array, session: PkiSession): { nonce: string | undefined; accuracyMs: number } {
  const d = decodeSignedData(token, "the timestamp token", session);
  const e = d.signedData.encapContentInfo.eContent;
  if (!e) return { nonce: undefined, accuracyMs: 0 };
  const tst = new pkijs.TSTInfo({ schema: asn1js.fromBER(new Uint8Array(e.getValue())).result });
  const a = tst.accuracy;
  return {
    nonce: tst.nonce ? toHex(tst.nonce.valueBlock.valueHexView).replace(/^(00)+(?=..)/, "") : undefined,
    accuracyMs: a ? (a.seconds ?? 0) * 1000 + (a.millis ?? 0) + Math.ceil((a.micros ?? 0) / 1000) : 0,
  };
}

/**
 * Asks the TSA at `url` for a timestamp over `digest` (SHA-256) and verifies the answer. The genTime must lie
 * within the exchange, read from `clock` immediately before the request is sent and after the answer came (no
 * less than the time the answer took, for a clock that stands still), each side widened by `skewSeconds` (the
 * policy's clock skew) and the token's accuracy (attack36b A2b: never the start of the augment call). `notBefore`: nor earlier than
 * the previous timestamps' times.
 */
export async function requestTimestamp(
  url: string,
  digest: Uint8Array,
  trust: TsaTrust,
  session: PkiSession,
  limits: HttpLimits,
  clock: () => Date,
  notBefore?: Date,
  skewSeconds = 60,
): Promise<Stamp> {
  const nonce = randomBytes(8);
  nonce[0]! &= 0x7f;
  if (nonce[0] === 0) nonce[0] = 1;
  const now = clock();
  const started = performance.now();
  const resp = await exchange(url, "the TSA", {
    body: timestampRequest(digest, nonce),
    contentType: "application/timestamp-query",
    accept: ["application/timestamp-reply"],
    limits,
  });
  const received = new Date(Math.max(clock().getTime(), now.getTime() + Math.ceil(performance.now() - started)));
  const token = tokenOf(resp, url);
  const r = await verifyTimestamp(token, () => digest, { anchors: trust.anchors, intermediates: trust.intermediates }, null, session);
  if (r.judgement.status === "warning") throw new SealcheckError("ERR_NETWORK", `the TSA ${url} sent a timestamp augment does not add: ${r.judgement.message}`);
  if (r.judgement.status !== "passed" || !r.info)
    throw new SealcheckError("ERR_NETWORK", `the TSA ${url} sent a timestamp that does not verify: ${r.judgement.message}`);
  if (r.info.imprintAlgorithm !== "sha256")
    throw new SealcheckError("ERR_NETWORK", `the TSA ${url} answered with a ${r.info.imprintAlgorithm} imprint, not the SHA-256 asked for`);
  let got: string | undefined;
  let accuracy = 0;
  try {
    ({ nonce: got, accuracyMs: accuracy } = tokenNonce(token, session));
  } catch (e) {
    throw new SealcheckError("ERR_NETWORK", `the TSA ${url} sent a token whose TSTInfo cannot be read (${errorMessage(e)})`);
  }
  if (got !== toHex(nonce).replace(/^(00)+(?=..)/, "")) {
    throw new SealcheckError(
      "ERR_NETWORK",
      `the TSA ${url} answered with ${got ? "another nonce" : "no nonce"} than the request's: the answer is not to this request`,
    );
  }
  const g = r.info.genTime.getTime();
  // The accuracy widens the window at most by the skew again: a TSA that claims to know the time only to within
  // months gives no usable time.
  const slack = skewSeconds * 1000 + Math.min(accuracy, skewSeconds * 1000);
  if (g < now.getTime() - slack || g > received.getTime() + slack) {
    throw new SealcheckError(
      "ERR_NETWORK",
      `the TSA ${url} says it is ${r.info.genTime.toISOString()}, outside the exchange (sent ${now.toISOString()}, answered ${received.toISOString()}, ± ${skewSeconds} s clock skew${accuracy ? ` and ${accuracy} ms accuracy` : ""}): its clock is wrong, or it is not the TSA it claims to be; the timestamp is refused`,
    );
  }
  if (notBefore && g < notBefore.getTime()) {
    throw new SealcheckError(
      "ERR_NETWORK",
      `the TSA ${url} says it is ${r.info.genTime.toISOString()}, before the archive's latest timestamp (${notBefore.toISOString()})`,
    );
  }
  return { token, info: r.info };
}

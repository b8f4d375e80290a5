// An RFC 3161 client: a TimeStampReq over a SHA-256 digest with a random nonce and certReq, POSTed as
// application/timestamp-query; the answer must be granted, carry a token whose TSTInfo has our imprint and our
// nonce, signed by a TSA certificate (critical id-kp-timeStamping) with a path to a trust anchor for
// timestamps at its genTime, and a genTime that is not in the future. Only then is the token used.
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

/** The nonce in the token's TSTInfo, as hex (undefined when there is none). */
function tokenNonce(token: Uint8Array, session: PkiSession): string | undefined {
  const d = decodeSignedData(token, "the timestamp token", session);
  const e = d.signedData.encapContentInfo.eContent;
  if (!e) return undefined;
  const tst = new pkijs.TSTInfo({ schema: asn1js.fromBER(new Uint8Array(e.getValue())).result });
  return tst.nonce ? toHex(tst.nonce.valueBlock.valueHexView).replace(/^(00)+(?=..)/, "") : undefined;
}

/**
 * Asks the TSA at `url` for a timestamp over `digest` (SHA-256) and verifies the answer. `notBefore`: the
 * genTime may not be earlier (the previous timestamps' times); `now`: nor later than now plus five minutes.
 */
export async function requestTimestamp(
  url: string,
  digest: Uint8Array,
  trust: TsaTrust,
  session: PkiSession,
  limits: HttpLimits,
  now: Date,
  notBefore?: Date,
): Promise<Stamp> {
  const nonce = randomBytes(8);
  nonce[0]! &= 0x7f;
  if (nonce[0] === 0) nonce[0] = 1;
  const resp = await exchange(url, "the TSA", {
    body: timestampRequest(digest, nonce),
    contentType: "application/timestamp-query",
    accept: ["application/timestamp-reply"],
    limits,
  });
  const token = tokenOf(resp, url);
  const r = await verifyTimestamp(token, () => digest, { anchors: trust.anchors, intermediates: trust.intermediates }, null, session);
  if (r.judgement.status !== "passed" || !r.info)
    throw new SealcheckError("ERR_NETWORK", `the TSA ${url} sent a timestamp that does not verify: ${r.judgement.message}`);
  if (r.info.imprintAlgorithm !== "sha256")
    throw new SealcheckError("ERR_NETWORK", `the TSA ${url} answered with a ${r.info.imprintAlgorithm} imprint, not the SHA-256 asked for`);
  let got: string | undefined;
  try {
    got = tokenNonce(token, session);
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
  if (g > now.getTime() + 5 * 60_000)
    throw new SealcheckError("ERR_NETWORK", `the TSA ${url} says it is ${r.info.genTime.toISOString()}, later than now (${now.toISOString()})`);
  if (notBefore && g < notBefore.getTime()) {
    throw new SealcheckError(
      "ERR_NETWORK",
      `the TSA ${url} says it is ${r.info.genTime.toISOString()}, before the archive's latest timestamp (${notBefore.toISOString()})`,
    );
  }
  return { token, info: r.info };
}

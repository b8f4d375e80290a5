// Real components for augment's tests, on 127.0.0.1: an RFC 3161 TSA and an OCSP responder (with a CRL
// endpoint) over the test PKI, started and stopped by the tests. Each can be told to misbehave the ways a
// network peer does: refuse, answer for other data or another nonce, answer slowly or not at all.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { createTimestampToken } from "./cms.js";
import { createCrl, createOcspResponse } from "./ocsp.js";
import type { Issued } from "./pki.js";

export type TsaMode = "ok" | "wrong-imprint" | "wrong-nonce" | "no-nonce" | "no-ess" | "rejection" | "slow" | "garbage" | "http-500" | "wrong-type";

export interface Loopback {
  readonly url: string;
  /** Requests received. */
  readonly requests: number;
  close(): Promise<void>;
}

function body(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    handler(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** An RFC 3161 TSA signing with `tsa` (the test PKI's), genTime from `clock` (default: now). */
export async function startTsa(tsa: Issued, o: { mode?: TsaMode; clock?: () => Date; certificates?: Issued[] } = {}): Promise<Loopback & { mode: TsaMode }> {
  let requests = 0;
  let serial = 1;
  const state = { mode: o.mode ?? "ok" };
  const { server, url } = await listen(async (req, res) => {
    const data = await body(req);
    requests++;
    if (state.mode === "slow") {
      await new Promise((r) => setTimeout(r, 5_000));
    }
    if (state.mode === "http-500") {
      res.writeHead(500).end();
      return;
    }
    if (state.mode === "garbage") {
      res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(Buffer.from("not a TimeStampResp"));
      return;
    }
    if (state.mode === "rejection") {
      const resp = new asn1js.Sequence({
        value: [
          new asn1js.Sequence({ value: [new asn1js.Integer({ value: 2 }), new asn1js.Sequence({ value: [new asn1js.Utf8String({ value: "badAlg" })] })] }),
        ],
      });
      res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(Buffer.from(resp.toBER(false)));
      return;
    }
    const treq = pkijs.TimeStampReq.fromBER(data);
    let imprint = new Uint8Array(treq.messageImprint.hashedMessage.valueBlock.valueHexView);
    if (state.mode === "wrong-imprint") imprint = imprint.map((b, i) => (i === 0 ? b ^ 0xff : b));
    let nonce: Uint8Array | undefined = treq.nonce ? new Uint8Array(treq.nonce.valueBlock.valueHexView) : undefined;
    if (state.mode === "wrong-nonce" && nonce) nonce = nonce.map((b, i) => (i === nonce!.length - 1 ? b ^ 1 : b));
    if (state.mode === "no-nonce") nonce = undefined;
    const token = createTimestampToken({
      tsa,
      data: new Uint8Array(),
      imprint,
      ...(nonce ? { nonce } : {}),
      genTime: new Date(Math.floor((o.clock?.() ?? new Date()).getTime() / 1000) * 1000),
      serial: serial++,
      ...(o.certificates ? { certificates: o.certificates } : {}),
      ...(state.mode === "no-ess" ? { ess: "none" as const } : {}),
    });
    const status = new asn1js.Sequence({ value: [new asn1js.Integer({ value: 0 })] }).toBER(false);
    const resp = Buffer.from(new asn1js.Sequence({ value: [asn1js.fromBER(status).result, asn1js.fromBER(token).result] }).toBER(false));
    res.writeHead(200, { "content-type": state.mode === "wrong-type" ? "text/plain" : "application/timestamp-reply" }).end(resp);
  });
  return {
    url,
    get requests() {
      return requests;
    },
    get mode() {
      return state.mode;
    },
    set mode(m: TsaMode) {
      state.mode = m;
    },
    close: closer(server),
  };
}

/** What the OCSP responder answers about a certificate, by serial (hex, upper case). */
export interface OcspEntry {
  readonly subject: Issued;
  readonly issuer: Issued;
  readonly responder: Issued;
  readonly status?: "good" | { revokedAt: Date };
}

/** What the responder does with a request's nonce (RFC 8954): echo it, answer with another, or leave it out. */
export type OcspNonceMode = "echo" | "wrong" | "none";

/**
 * An OCSP responder (POST /ocsp) and CRL endpoint (GET /crl/<name>) on loopback; answers are produced at
 * `clock()` (default now). `crls[name]` is the CA whose CRL GET /crl/<name> serves, listing `revoked` of it.
 */
export async function startOcsp(
  entries: readonly OcspEntry[],
  o: { clock?: () => Date; crls?: Record<string, Issued>; revoked?: () => { serial: Uint8Array; at: Date }[]; nonce?: OcspNonceMode } = {},
): Promise<Loopback & { nonce: OcspNonceMode; lastNonce: Uint8Array | null }> {
  let requests = 0;
  const state = { nonce: o.nonce ?? "echo", lastNonce: null as Uint8Array | null };
  const serialOf = (e: OcspEntry) => Buffer.from(e.subject.cert.serialNumber.valueBlock.valueHexView).toString("hex").toUpperCase();
  const { server, url } = await listen(async (req, res) => {
    const data = await body(req);
    requests++;
    const now = new Date(Math.floor((o.clock?.() ?? new Date()).getTime() / 1000) * 1000);
    if (req.method === "GET" && req.url?.startsWith("/crl/")) {
      const issuer = o.crls?.[req.url.slice(5)];
      if (!issuer) return void res.writeHead(404).end();
      const crl = createCrl({ issuer, thisUpdate: now, nextUpdate: new Date(now.getTime() + 7 * 86400_000), revoked: o.revoked?.() ?? [] });
      res.writeHead(200, { "content-type": "application/pkix-crl" }).end(Buffer.from(crl));
      return;
    }
    const oreq = pkijs.OCSPRequest.fromBER(data);
    const nonceExt = oreq.tbsRequest.requestExtensions?.find((x) => x.extnID === "1.3.6.1.5.5.7.48.1.2");
    const asked = nonceExt
      ? new Uint8Array((asn1js.fromBER(nonceExt.extnValue.valueBlock.valueHexView).result as asn1js.OctetString).valueBlock.valueHexView)
      : null;
    state.lastNonce = asked;
    const nonce = asked && state.nonce === "echo" ? asked : asked && state.nonce === "wrong" ? new Uint8Array(asked.length).fill(7) : undefined;
    const serial = Buffer.from(oreq.tbsRequest.requestList[0]!.reqCert.serialNumber.valueBlock.valueHexView).toString("hex").toUpperCase();
    const e = entries.find((x) => serialOf(x) === serial);
    if (!e) {
      // unauthorized (6)
      res
        .writeHead(200, { "content-type": "application/ocsp-response" })
        .end(Buffer.from(new asn1js.Sequence({ value: [new asn1js.Enumerated({ value: 6 })] }).toBER(false)));
      return;
    }
    const der = createOcspResponse({
      subject: e.subject,
      issuer: e.issuer,
      responder: e.responder,
      producedAt: now,
      thisUpdate: now,
      nextUpdate: new Date(now.getTime() + 86400_000),
      ...(e.status && e.status !== "good" ? { status: { revokedAt: e.status.revokedAt } } : {}),
      ...(nonce ? { nonce } : {}),
    });
    res.writeHead(200, { "content-type": "application/ocsp-response" }).end(Buffer.from(der));
  });
  return {
    url,
    get requests() {
      return requests;
    },
    get nonce() {
      return state.nonce;
    },
    set nonce(m: OcspNonceMode) {
      state.nonce = m;
    },
    get lastNonce() {
      return state.lastNonce;
    },
    close: closer(server),
  };
}

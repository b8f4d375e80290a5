// Bounded HTTP for augment only (verify never goes on the network): an RFC 3161 request POSTed to a TSA,
// an OCSP request POSTed to a responder, a CRL fetched with GET. Plain HTTP is allowed as well as HTTPS,
// as the protocols are used (RFC 3161 §3.4, RFC 6960 appendix A, RFC 5280 §4.2.1.13): every answer is
// signed and verified before anything is written. A timeout over the whole exchange, a byte limit enforced
// while reading, the content type checked, at most three redirects for GET and none for POST.
import { SealcheckError, errorMessage } from "../errors.js";
import { readBodyBounded } from "../input/http-body.js";
import { quoteName } from "../report/quoted-name.js";

export interface HttpLimits {
  /** Abort after this many milliseconds (connect, headers and body together). */
  readonly timeoutMs: number;
  /** Largest response body accepted. */
  readonly maxBytes: number;
}

export const DEFAULT_HTTP_LIMITS: Readonly<HttpLimits> = Object.freeze({ timeoutMs: 15_000, maxBytes: 4 * 1024 * 1024 });

const MAX_REDIRECTS = 3;

function httpUrl(raw: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SealcheckError("ERR_USAGE", `${what} "${raw}" is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new SealcheckError("ERR_USAGE", `${what} ${raw} is not an http or https URL`);
  return url;
}

const readBody = (res: Response, url: string, maxBytes: number, what: string): Promise<Uint8Array> =>
  readBodyBounded(res, maxBytes, (why) => new SealcheckError("ERR_NETWORK", `${what} ${url} ${why}`));

/**
 * One exchange: POST `body` (with its content type) or GET; the answer must be 200 with one of `accept`'s
 * content types. Everything that goes wrong is an ERR_NETWORK SealcheckError naming the URL.
 */
export async function exchange(
  rawUrl: string,
  what: string,
  o: { body?: Uint8Array; contentType?: string; accept: readonly string[]; limits: HttpLimits },
): Promise<Uint8Array> {
  let url = httpUrl(rawUrl, what);
  const signal = AbortSignal.timeout(o.limits.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      const res = await fetch(url, {
        signal,
        redirect: "manual",
        method: o.body ? "POST" : "GET",
        headers: { accept: o.accept.join(", "), ...(o.contentType ? { "content-type": o.contentType } : {}) },
        ...(o.body ? { body: o.body } : {}),
      });
      if (!o.body && res.status >= 300 && res.status < 400 && res.headers.get("location")) {
        await res.body?.cancel().catch(() => undefined);
        if (hop >= MAX_REDIRECTS) throw new SealcheckError("ERR_NETWORK", `${what} ${rawUrl} redirects more than ${MAX_REDIRECTS} times`);
        url = httpUrl(new URL(res.headers.get("location")!, url).href, `${what} (redirected)`);
        continue;
      }
      if (res.status !== 200) {
        await res.body?.cancel().catch(() => undefined);
        throw new SealcheckError("ERR_NETWORK", `${what} ${url.href} answered HTTP ${res.status}`);
      }
      const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (!o.accept.includes(type)) {
        await res.body?.cancel().catch(() => undefined);
        throw new SealcheckError("ERR_NETWORK", `${what} ${url.href} answered with content type ${quoteName(type)}, not ${o.accept.join(" or ")}`);
      }
      return await readBody(res, url.href, o.limits.maxBytes, what);
    }
  } catch (e) {
    if (e instanceof SealcheckError) throw e;
    if (signal.aborted) throw new SealcheckError("ERR_NETWORK", `${what} ${url.href} did not answer within ${o.limits.timeoutMs} ms`, { cause: e });
    const cause = e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : "";
    throw new SealcheckError("ERR_NETWORK", `${what} ${url.href} could not be reached (${errorMessage(e)}${cause})`, { cause: e });
  }
}

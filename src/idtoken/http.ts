// Bounded retrieval of a JSON document (discovery, JWKS): HTTPS only (HTTP for loopback), a timeout over
// the whole exchange, a byte limit enforced while reading, a JSON content type, and a few checked redirects.
import { isIP } from "node:net";
import { errorMessage } from "../errors.js";
import { parseJson } from "../input/json.js";
import type { Limits } from "../limits.js";
import { KeySourceError } from "./jwks.js";
import { readBodyBounded } from "../input/http-body.js";
import { quoteValue } from "../report/quoted-name.js";

export interface FetchLimits {
  /** Abort after this many milliseconds (connect, headers and body together). */
  timeoutMs: number;
  /** Largest response body accepted. */
  maxBytes: number;
}

const MAX_REDIRECTS = 3;

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost") return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  return host === "::1";
}

/** HTTPS everywhere; plain HTTP only to this machine (tests, a local proxy). Throws a non-transient error. */
export function assertFetchableUrl(raw: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new KeySourceError(`${what} "${raw}" is not a URL`, false);
  }
  if (url.protocol === "https:") return url;
  if (url.protocol === "http:" && isLoopback(url.hostname)) return url;
  throw new KeySourceError(`${what} ${raw} is not an https URL (plain http is allowed only for loopback addresses)`, false);
}

/** RFC 8259 JSON or a `+json` type (application/jwk-set+json); parameters such as charset are fine. */
function isJsonContentType(value: string | null): boolean {
  const type = (value ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

async function readBounded(res: Response, url: string, maxBytes: number): Promise<string> {
  const bytes = await readBodyBounded(res, maxBytes, (why) => new KeySourceError(`${url} ${why}`, false));
  return Buffer.from(bytes).toString("utf8");
}

/**
 * GETs a JSON document and parses it (duplicate keys refused). Network failures, timeouts and HTTP 5xx/429
 * are transient KeySourceErrors; anything else wrong with the response is a non-transient one.
 */
export async function fetchJson(
  rawUrl: string,
  what: string,
  limits: FetchLimits,
  jsonLimits: Pick<Limits, "maxJsonBytes" | "maxJsonDepth">,
): Promise<unknown> {
  let url = assertFetchableUrl(rawUrl, what);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      const res = await fetch(url, { signal, redirect: "manual", headers: { accept: "application/json, application/jwk-set+json" } });
      if (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
        await res.body?.cancel().catch(() => undefined);
        if (hop >= MAX_REDIRECTS) throw new KeySourceError(`${what} ${rawUrl} redirects more than ${MAX_REDIRECTS} times`, false);
        url = assertFetchableUrl(new URL(res.headers.get("location")!, url).href, `${what} (redirected)`);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new KeySourceError(`${what} ${url.href} answered HTTP ${res.status}`, res.status >= 500 || res.status === 429);
      }
      if (!isJsonContentType(res.headers.get("content-type"))) {
        await res.body?.cancel().catch(() => undefined);
        throw new KeySourceError(`${what} ${url.href} has content type ${quoteValue(res.headers.get("content-type"))}, not JSON`, false);
      }
      const text = await readBounded(res, url.href, Math.min(limits.maxBytes, jsonLimits.maxJsonBytes));
      try {
        return parseJson(text, { maxBytes: jsonLimits.maxJsonBytes, maxDepth: jsonLimits.maxJsonDepth }, `${what} ${url.href}`);
      } catch (e) {
        throw new KeySourceError(errorMessage(e), false, e);
      }
    }
  } catch (e) {
    if (e instanceof KeySourceError) throw e;
    if (signal.aborted) throw new KeySourceError(`${what} ${url.href} did not answer within ${limits.timeoutMs} ms`, true, e);
    const cause = e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : "";
    throw new KeySourceError(`${what} ${url.href} could not be fetched (${errorMessage(e)}${cause})`, true, e);
  }
}

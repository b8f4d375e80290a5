// A receiver's server: POST /transfer {"ctt": "..."} exchanges the CTT at the broker, verifies the ID token the
// broker returns and starts a session. Set by the environment: ISSUER, BROKER, RECEIVER, SENDERS, PORT, and
// JWKS (a key file; without it the keys come from discovery). With a sealcheck dev-token key set it runs
// without the broker (docs/id-tokens.md, "Trying it without the broker").
import { createServer } from "node:http";
import { DiscoveryKeyProvider, MemoryReplayStore, loadKeysFile, verifyIdToken } from "sealcheck";

const ISSUER = process.env.ISSUER ?? "production"; //                 https://netseidbroker.dk/op
const BROKER = process.env.BROKER ?? "https://netseidbroker.dk/op"; // where the exchange endpoint is
const RECEIVER = process.env.RECEIVER ?? "DK12345678"; //              our organisation
const TRUSTED_SENDERS = (process.env.SENDERS ?? "DK87654321").split(","); // who may send us transfers
// Created once, not per request: the provider caches the keys (refetched on rotation), the store remembers ids.
const keys = process.env.JWKS ? loadKeysFile(process.env.JWKS) : new DiscoveryKeyProvider(ISSUER);
const replayStore = new MemoryReplayStore(); // one process; RedisReplayStore for several
const MAX_BODY = 64 * 1024;

/** The receiver's own call: POST {base_url}/op/api/v1/controlledTransfer/exchange with scope neb_api. */
async function exchange(ctt) {
  const res = await fetch(`${BROKER}/api/v1/controlledTransfer/exchange`, {
    method: "POST",
    headers: { authorization: `Bearer ${await getAccessToken()}`, "content-type": "application/json" },
    body: JSON.stringify({ ctt }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`exchange answered HTTP ${res.status}`); // 404: not for us, used or expired
  return await res.json(); // { id, idToken, senderTraceIdentifier }
}

/** The receiver's own: client credentials at {base_url}/op/connect/token (here from the environment). */
async function getAccessToken() {
  return process.env.BROKER_ACCESS_TOKEN ?? "";
}

/** The receiver's own: the transferred claims rest on the sender's authentication of the user. */
async function startSession(sender, claims) {
  console.log(`session started for a transfer from ${sender} (claims: ${Object.keys(claims).join(", ")})`);
}

/** The body as a JSON object; "too large" past MAX_BODY bytes; null when it is not a JSON object. */
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
      else resolve("too large"); // the rest is not kept
    });
    req.on("error", reject);
    req.on("end", () => {
      try {
        const value = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        resolve(value !== null && typeof value === "object" && !Array.isArray(value) ? value : null);
      } catch {
        resolve(null); // not JSON: a client's mistake, answered 400, never a crash
      }
    });
  });
}

async function handle(req, res) {
  if (req.method !== "POST" || req.url !== "/transfer") return void res.writeHead(404).end();
  const body = await readBody(req);
  if (body === "too large") return void res.writeHead(413, { connection: "close" }).end();
  if (typeof body?.ctt !== "string" || body.ctt === "") return void res.writeHead(400).end();

  const exchanged = await exchange(body.ctt).catch(() => null);
  if (!exchanged || typeof exchanged.idToken !== "string") return void res.writeHead(502).end();

  const report = await verifyIdToken(exchanged.idToken, {
    issuer: ISSUER, audience: RECEIVER, sender: TRUSTED_SENDERS, keys, replayStore, maxAgeSec: 300,
  });
  if (report.indication !== "TOTAL-PASSED" || !report.transfer) {
    // Log the verdict and the deciding checks, never the token or the claims.
    console.warn("transfer refused", report.indication, report.subIndication, report.decidedBy.join(","));
    const retry = report.subIndication === "TRY_LATER";
    return void res.writeHead(retry ? 503 : 403).end();
  }
  // The exchange response and the signed token must tell the same story.
  if (report.transfer.id !== exchanged.id || report.transfer.traceId !== exchanged.senderTraceIdentifier) {
    return void res.writeHead(403).end();
  }
  await startSession(report.transfer.sender, report.transfer.claims);
  res.writeHead(204).end();
}

// Every request settles: a throw anywhere in the async handler is a 500 for that request, never an unhandled
// rejection that stops the process.
const server = createServer((req, res) => {
  handle(req, res).catch((e) => {
    console.error("request failed:", e instanceof Error ? e.message : String(e));
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.listen(Number(process.env.PORT ?? 8080), () => console.log(`listening on port ${server.address().port}`));

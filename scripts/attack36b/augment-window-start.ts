// A2b: the TSA clock window is anchored at the start of the augment call, not at the request. The A2 fix
// (h-fix36b tsa.ts) refuses a genTime outside [now − skew, now + exchange + skew], where `now` is read once
// when augment starts (augment.ts: `o.now ?? new Date()`; on main `vs.clock()`, "one now for the whole call")
// and `exchange` is measured around the TSA request alone. Everything augment does before the request (verifying
// the archive, `--fetch-revocation` against each certificate's responders) moves the real send time past `now`:
// an honest TSA then answers "too late" and is refused, while a TSA whose clock is behind by as much is accepted.
// File: the valid archive sealed with a signature timestamp of Time-Stamping Unit 3, whose AIA names an OCSP
// responder on loopback that answers (good, current) after 65 s; `augment --fetch-revocation` (http timeout
// raised to 90 s, a library option) then asks the honest loopback TSA.
//   npx tsx scripts/attack36b/augment-window-start.ts [honest]
// honest: the responder answers after 1 s: augmented. default: refused, "outside the exchange", although the TSA's
// clock is right to the second.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { augmentArchive } from "../../src/api/internal.js";
import { errorMessage } from "../../src/errors.js";
import { buildArchive } from "../generator/archive.js";
import { OIDS } from "../generator/der.js";
import { generateRsaKey, spkiDer } from "../generator/keys.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { extensions, issueCertificate, issued, serialFor } from "../generator/pki.js";
import { startTsa } from "../generator/servers.js";
import { pki, save, work } from "../attack36/lib.js";

const honest = process.argv[2] === "honest";
const delayMs = honest ? 1_000 : 65_000;
const P = pki();
const dir = work("a2b");
let unit3: ReturnType<typeof issued> | undefined;
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    setTimeout(() => {
      const now = new Date();
      const der = createOcspResponse({ subject: unit3!, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: now, thisUpdate: now });
      res.writeHead(200, { "content-type": "application/ocsp-response" }).end(Buffer.from(der));
    }, delayMs);
  });
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
const ocspUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ocsp`;
const key = generateRsaKey(2048);
unit3 = issued(
  "tsa",
  issueCertificate({
    subject: [
      [OIDS.country, "DK"],
      [OIDS.organization, "Sealcheck Test"],
      [OIDS.commonName, "Sealcheck Test Time-Stamping Unit 3"],
    ],
    subjectKey: key,
    issuer: P.tsaRoot,
    notBefore: new Date("2023-01-01T00:00:00Z"),
    notAfter: new Date("2124-01-01T00:00:00Z"),
    serial: serialFor("tsa-unit-3"),
    extensions: [
      extensions.keyUsage("digitalSignature", "nonRepudiation"),
      extensions.extKeyUsage(true, OIDS.kpTimeStamping),
      extensions.subjectKeyIdentifier(spkiDer(key)),
      extensions.authorityKeyIdentifier(spkiDer(P.tsaRoot.key)),
      extensions.ocspUrl(ocspUrl),
    ],
  }),
  key,
);
const sealed = (await buildArchive({ ...P, tsa: unit3 })).pdf;
const input = save(dir, "archive.pdf", sealed);
const tsa = await startTsa(P.tsa);
const started = Date.now();
try {
  const r = await augmentArchive({
    evidence: input,
    tsa: tsa.url,
    trust: ["samples/trust"],
    fetchRevocation: true,
    http: { timeoutMs: 90_000 },
  });
  console.log(
    `== augment --fetch-revocation (responder ${delayMs / 1000} s): ${r.before.padesLevel} -> ${r.after.indication} ${r.after.padesLevel}; fetched ${JSON.stringify(r.fetched)}; ${r.timestamp.field} at ${r.timestamp.genTime} (${Math.round((Date.now() - started) / 1000)} s)`,
  );
} catch (e) {
  console.log(`== augment --fetch-revocation (responder ${delayMs / 1000} s) refused after ${Math.round((Date.now() - started) / 1000)} s: ${errorMessage(e)}`);
} finally {
  await tsa.close();
  server.closeAllConnections();
  server.close();
}

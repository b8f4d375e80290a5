// a10: G1's scenario with the CA's OCSP "revoked (keyCompromise) at 08:06" of 2025-12-10 in the DSS instead of its
// CRL, under an archive timestamp. indef: the OCSPResponse's outer SEQUENCE in BER indefinite length (what the
// responder signed, inside responseBytes, unchanged). honest: DER.
import { dss, pki, save, show, verify, work } from "../attack36/lib.js";
import { addDocumentTimestamp } from "../generator/attacks.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { revokedSealed, withDssStreams } from "./lib.js";
const mode = process.argv[2] ?? "indef";
const P = pki();
const { sealed, compromise } = await revokedSealed();
const ocsp = createOcspResponse({
  subject: P.seal,
  issuer: P.sealRoot,
  responder: P.sealRoot,
  producedAt: new Date("2025-12-10T08:36:38Z"),
  status: { revokedAt: compromise, reason: 1 },
});
const n = ocsp[1]! & 0x80 ? ocsp[1]! & 0x7f : 0;
const bytes = mode === "indef" ? new Uint8Array([0x30, 0x80, ...ocsp.subarray(2 + n), 0, 0]) : ocsp;
const out = await addDocumentTimestamp(withDssStreams(sealed, { ocsps: [{ bytes }] }), P, new Date("2025-12-10T09:36:38Z"));
const file = save(work(`a10-ocsp-${mode}`), "archive.pdf", out);
show(mode, verify(file));
dss(file);

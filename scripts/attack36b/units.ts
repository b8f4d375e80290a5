// Extra material of the test PKI's CAs for the attack36b scripts: a second time-stamping unit of the TSA CA
// (another TSA of the same provider, as a real provider runs several). CRL entries with reasons: the generator's
// createCrl (`revoked[].reason`).
import { OIDS } from "../generator/der.js";
import { generateRsaKey, spkiDer } from "../generator/keys.js";
import { extensions, issueCertificate, issued, serialFor, type Issued, type TestPki } from "../generator/pki.js";

/** "Sealcheck Test Time-Stamping Unit 2", issued by the TSA root like Unit 1 (critical id-kp-timeStamping). */
export function secondTsa(P: TestPki): Issued {
  const key = generateRsaKey(2048);
  return issued(
    "tsa",
    issueCertificate({
      subject: [
        [OIDS.country, "DK"],
        [OIDS.organization, "Sealcheck Test"],
        [OIDS.commonName, "Sealcheck Test Time-Stamping Unit 2"],
      ],
      subjectKey: key,
      issuer: P.tsaRoot,
      notBefore: new Date("2023-01-01T00:00:00Z"),
      notAfter: new Date("2124-01-01T00:00:00Z"),
      serial: serialFor("tsa-unit-2"),
      extensions: [
        extensions.keyUsage("digitalSignature", "nonRepudiation"),
        extensions.extKeyUsage(true, OIDS.kpTimeStamping),
        extensions.subjectKeyIdentifier(spkiDer(key)),
        extensions.authorityKeyIdentifier(spkiDer(P.tsaRoot.key)),
      ],
    }),
    key,
  );
}

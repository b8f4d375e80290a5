// attack36 I1's hierarchy: a root above the seal's issuing CA. "NETS AS Intermediate CA" (the sample seal CA's
// name and key) issued by "Sealcheck Test Nets Root" (the foreign root's key), so that a CA stands between the
// seal and its anchor and its revocation can be asked. Used by the tests and attack scripts on CA revocation.
import type { KeyObject } from "node:crypto";
import { OIDS } from "./der.js";
import { spkiDer } from "./keys.js";
import { extensions, issueCertificate, issued, serialFor, type Issued, type TestPki } from "./pki.js";

const LONG = { notBefore: new Date("2020-01-01T00:00:00Z"), notAfter: new Date("2125-01-01T00:00:00Z") };

export interface SealCaUnderRoot {
  /** "Sealcheck Test Nets Root": the only seal anchor of such a file. */
  readonly root: Issued;
  /** "NETS AS Intermediate CA" with the sample seal CA's key, issued by the root. */
  readonly ca: Issued;
  /** The test PKI with that CA as the seal's issuer. */
  readonly pki: TestPki;
  /** Another certificate of the CA under the same root (a renewed key, attack-s5 U1b). */
  caCert(key: KeyObject, serial: string, notBefore?: Date): Issued;
}

/** The hierarchy; `label` makes the serials (distinct per script or test). */
export function sealCaUnderRoot(P: TestPki, label: string): SealCaUnderRoot {
  const rootKey = P.foreignRoot.key;
  const root = issued(
    "sealRoot",
    issueCertificate({
      subject: [
        [OIDS.country, "DK"],
        [OIDS.organization, "Nets A/S"],
        [OIDS.commonName, "Sealcheck Test Nets Root"],
      ],
      subjectKey: rootKey,
      ...LONG,
      serial: serialFor(`${label}-root`),
      extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign"), extensions.subjectKeyIdentifier(spkiDer(rootKey))],
    }),
    rootKey,
  );
  const caCert = (key: KeyObject, serial: string, notBefore: Date = LONG.notBefore): Issued =>
    issued(
      "sealRoot",
      issueCertificate({
        subject: [
          [OIDS.country, "DK"],
          [OIDS.organization, "Nets A/S"],
          [OIDS.commonName, "NETS AS Intermediate CA"],
        ],
        subjectKey: key,
        issuer: root,
        notBefore,
        notAfter: LONG.notAfter,
        serial: serialFor(serial),
        extensions: [
          extensions.basicConstraints(true, 0),
          extensions.keyUsage("keyCertSign", "cRLSign"),
          extensions.subjectKeyIdentifier(spkiDer(key)),
          extensions.authorityKeyIdentifier(spkiDer(rootKey)),
        ],
      }),
      key,
    );
  const ca = caCert(P.sealRoot.key, `${label}-ca`);
  return { root, ca, pki: { ...P, sealRoot: ca }, caCert };
}

export interface DelegatedResponderOptions {
  /** The CA that authorises it (issues its certificate). */
  readonly issuer: Issued;
  readonly commonName: string;
  readonly organization?: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  /** Makes the serial. */
  readonly label: string;
  /** id-pkix-ocsp-nocheck: its own status is not to be checked (RFC 6960 §4.2.2.2.1). */
  readonly noCheck?: boolean;
}

/** An OCSP responder the CA delegates to (id-kp-OCSPSigning), with the test PKI's responder key. */
export function delegatedResponder(P: TestPki, o: DelegatedResponderOptions): Issued {
  const key = P.ocspResponder.key;
  return issued(
    "ocspResponder",
    issueCertificate({
      subject: [
        [OIDS.country, "DK"],
        [OIDS.organization, o.organization ?? "Nets A/S"],
        [OIDS.commonName, o.commonName],
      ],
      subjectKey: key,
      issuer: o.issuer,
      notBefore: o.notBefore,
      notAfter: o.notAfter,
      serial: serialFor(o.label),
      extensions: [
        extensions.keyUsage("digitalSignature"),
        extensions.extKeyUsage(false, OIDS.kpOcspSigning),
        ...(o.noCheck ? [extensions.ocspNoCheck()] : []),
        extensions.authorityKeyIdentifier(spkiDer(o.issuer.key)),
        extensions.subjectKeyIdentifier(spkiDer(key)),
      ],
    }),
    key,
  );
}

// a18 S5: a SignerInfo whose sid is a subjectKeyIdentifier was matched only against the SHA-1 of a certificate's key
// (RFC 5280 method 1), while BouncyCastle (EU DSS) and NSS match the certificate's own subjectKeyIdentifier
// extension (RFC 5652 §5.3). A signer whose SKI is another value was "not found" here and found by every reader.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { describe, expect, it } from "vitest";
import { signerCandidates } from "../../src/pki/cms.js";
import { certificateFromDer } from "../../src/pki/certificate.js";
import { pkiSession } from "../../src/pki/session.js";
import { tempDir } from "../helpers/fixtures.js";

const SKI = "0a18c0ffee0a18c0ffee0a18c0ffee0a18c0ffee";

/** A self-signed certificate (openssl) whose subjectKeyIdentifier extension is SKI, not its key's SHA-1. */
function certWithSki(): pkijs.Certificate {
  const dir = tempDir("signer-sid-");
  const args = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", join(dir, "key.pem")];
  execFileSync("openssl", [...args, "-out", join(dir, "cert.pem"), "-days", "30", "-subj", "/CN=Other Transact ST", "-addext", `subjectKeyIdentifier=${SKI}`], {
    stdio: "ignore",
  });
  execFileSync("openssl", ["x509", "-in", join(dir, "cert.pem"), "-outform", "DER", "-out", join(dir, "cert.der")]);
  return certificateFromDer(new Uint8Array(readFileSync(join(dir, "cert.der"))), "the test certificate", pkiSession());
}

const bySki = (id: Uint8Array) => new pkijs.SignerInfo({ sid: new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 }, valueHex: id }) });

describe("a subjectKeyIdentifier sid is matched as readers match it (a18 S5)", () => {
  it("by the certificate's SKI extension (was: not found); not by its key's SHA-1 when the extension says otherwise", () => {
    const cert = certWithSki();
    expect(signerCandidates(bySki(Uint8Array.from(Buffer.from(SKI, "hex"))), [cert])).toEqual([cert]);
    const keyHash = createHash("sha1").update(cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest();
    expect(signerCandidates(bySki(new Uint8Array(keyHash)), [cert])).toEqual([]);
  });
});

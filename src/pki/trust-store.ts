// Trust anchors and untrusted path-building certificates, loaded from files the user controls.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { expectPathList } from "../usage.js";
import { join } from "node:path";
import type * as pkijs from "pkijs";
import { SealcheckError, errorMessage } from "../errors.js";
import { certificateDer, certificateFromDer, pemBlocks } from "./certificate.js";
import { pkiSession, type PkiSession } from "./session.js";

/**
 * What an anchor may vouch for: the Workflow-token certificate and its OCSP responder, the seal, or a
 * time-stamping unit (the seal's timestamp and document timestamps).
 */
export type TrustRole = "token" | "seal" | "tsa";
export const TRUST_ROLES: readonly TrustRole[] = ["token", "seal", "tsa"];

export interface TrustStore {
  /** Anchors for every role (--trust). Every certificate here is a trust anchor, self-signed or not (RFC 5280 §6.1.1). */
  anchors: pkijs.Certificate[];
  /** Untrusted certificates offered for path building only (--certs). */
  intermediates: pkijs.Certificate[];
  /**
   * Anchors for one role only (--trust-token, --trust-seal, --trust-tsa): a user who must trust the OCES3
   * issuing CA for the token does not thereby let every OCES3 certificate vouch for a seal or a timestamp.
   */
  roleAnchors?: Partial<Record<TrustRole, pkijs.Certificate[]>>;
}

/** The anchors that may end a path for one role: the general ones plus that role's own. */
export function anchorsFor(store: TrustStore, role: TrustRole): pkijs.Certificate[] {
  const own = store.roleAnchors?.[role];
  return own?.length ? dedupe([...store.anchors, ...own]) : store.anchors;
}

const MAX_TRUST_FILE = 16 * 1024 * 1024;
const MAX_TRUST_FILES = 10_000;

/** Certificates of one file: a PEM bundle (other PEM blocks ignored) or one DER certificate. */
export function certificatesFromBytes(bytes: Uint8Array, file: string, session: PkiSession): pkijs.Certificate[] {
  const text = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 64))).toString("latin1");
  if (text.includes("-----BEGIN") || /^[\s\x20-\x7e]*$/.test(Buffer.from(bytes).toString("latin1"))) {
    const blocks = pemBlocks(Buffer.from(bytes).toString("latin1")).filter((b) => b.label === "CERTIFICATE" || b.label === "TRUSTED CERTIFICATE");
    return blocks.map((b, i) => certificateFromDer(b.der, `${file} (certificate ${i + 1})`, session));
  }
  return [certificateFromDer(bytes, file, session)];
}

function filesOf(path: string): string[] {
  let st;
  try {
    st = statSync(path);
  } catch {
    throw new SealcheckError("ERR_FILE_NOT_FOUND", `${path}: no such file or directory`, { file: path });
  }
  if (st.isFile()) return [path];
  if (!st.isDirectory())
    throw new SealcheckError("ERR_USAGE", `${path}: not a regular file or directory (a FIFO, socket or device is not read)`, { file: path });
  const out: string[] = [];
  for (const name of readdirSync(path).sort()) {
    if (name.startsWith(".")) continue;
    const full = join(path, name);
    if (/\.(pem|crt|cer|der)$/i.test(name) && statSync(full).isFile()) out.push(full);
    if (out.length > MAX_TRUST_FILES) throw new SealcheckError("ERR_TRUST_STORE", `${path}: more than ${MAX_TRUST_FILES} certificate files`, { file: path });
  }
  return out;
}

/**
 * Loads certificates from files or directories (*.pem, *.crt, *.cer, *.der). Errors name the file. Decoded
 * within the session's limits and through its certificate pool (default: a session of their own).
 */
export function loadCertificates(paths: readonly string[], role: string, session: PkiSession = pkiSession()): pkijs.Certificate[] {
  const certs: pkijs.Certificate[] = [];
  for (const p of paths) {
    const files = filesOf(p);
    let fromPath = 0;
    for (const f of files) {
      let bytes: Buffer;
      try {
        if (statSync(f).size > MAX_TRUST_FILE) throw new Error(`larger than ${MAX_TRUST_FILE} bytes`);
        bytes = readFileSync(f);
      } catch (e) {
        throw new SealcheckError("ERR_FILE_UNREADABLE", `${f}: cannot read (${errorMessage(e)})`, { file: f, cause: e });
      }
      try {
        const found = certificatesFromBytes(bytes, f, session);
        certs.push(...found);
        fromPath += found.length;
      } catch (e) {
        throw new SealcheckError("ERR_TRUST_STORE", `${f} (${role}): ${errorMessage(e)}`, { file: f, cause: e });
      }
    }
    if (fromPath === 0) throw new SealcheckError("ERR_TRUST_STORE", `${p} (${role}): no certificate found`, { file: p });
  }
  return dedupe(certs);
}

/**
 * The certificates loadCertificates finds in files or directories, each as its DER bytes: for callers that pin
 * certificates by their bytes (a trusted list's signers) rather than build paths to them.
 */
export function readCertificateFiles(paths: readonly string[], option: string): Uint8Array[] {
  expectPathList(option, paths);
  return loadCertificates(paths, option).map(certificateDer);
}

export function dedupe(certs: pkijs.Certificate[]): pkijs.Certificate[] {
  const seen = new Set<string>();
  return certs.filter((c) => {
    const k = Buffer.from(certificateDer(c)).toString("base64");
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The trust store of --trust, --certs and the per-role anchors, decoded with `session` (default: one of its own). */
export function loadTrustStore(
  trust: readonly string[],
  certs: readonly string[] = [],
  roles: Partial<Record<TrustRole, readonly string[]>> = {},
  session: PkiSession = pkiSession(),
): TrustStore {
  expectPathList("trust", trust);
  expectPathList("certs", certs);
  const store: TrustStore = { anchors: loadCertificates(trust, "--trust", session), intermediates: loadCertificates(certs, "--certs", session) };
  for (const role of TRUST_ROLES) {
    const paths = roles[role];
    if (paths?.length) (store.roleAnchors ??= {})[role] = loadCertificates(paths, `--trust-${role}`, session);
  }
  return store;
}

// Every item of revocation data the evidence holds, with where it lies: the one pool the revocation rule
// (src/pki/revocation.ts) reads for the certificates the verdict rests on beyond the seal (attack36b T2): the
// Workflow token's own OCSP response, the seal's CMS (adbe-revocationInfoArchival), every revision's DSS, and
// the timestamps' own CMS. Each item once, in that order.
import type * as pkijs from "pkijs";
import { revocationArchival } from "../pki/cms.js";
import type { LocatedItem } from "../pki/revocation.js";
import type { ArchiveFacts } from "./facts.js";
import type { PadesFacts } from "./pades.js";
import { quoteName } from "../report/quoted-name.js";

type Needs = Pick<ArchiveFacts, "evidence" | "ocsp"> & Pick<PadesFacts, "cms" | "dss" | "sealTimestampInfo" | "documentTimestamps">;

/** Where the token's OCSP response lies, as messages name it. */
export const TOKEN_OCSP = "the token's OCSP response";

/** The items, each once (by its bytes), and the certificates the evidence carries that may sign them. */
export function evidenceRevocation(f: Needs): { items: LocatedItem[]; certs: pkijs.Certificate[] } {
  const items: LocatedItem[] = [];
  const seen = new Set<string>();
  const add = (kind: "ocsp" | "crl", ders: readonly Uint8Array[], where: string) => {
    for (const der of ders) {
      const key = `${kind}:${Buffer.from(der).toString("base64")}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push({ kind, der, where });
    }
  };
  const certs: pkijs.Certificate[] = [...(f.ocsp?.certificates ?? []), ...(f.dss?.certs ?? []), ...(f.cms?.certificates ?? [])];
  const carried = f.evidence?.ocspBase64;
  if (carried) add("ocsp", [new Uint8Array(Buffer.from(carried, "base64"))], TOKEN_OCSP);
  const si = f.cms?.signedData.signerInfos[0];
  if (si) {
    const a = revocationArchival(si);
    add("ocsp", a.ocsps, "the seal's CMS");
    add("crl", a.crls, "the seal's CMS");
  }
  add("ocsp", f.dss?.ocsps ?? [], "the DSS");
  add("crl", f.dss?.crls ?? [], "the DSS");
  for (const [info, where] of [
    [f.sealTimestampInfo, "the signature timestamp's CMS"],
    ...(f.documentTimestamps ?? []).map((d) => [d.info, `the document timestamp ${quoteName(d.field)}'s CMS`] as const),
  ] as const) {
    add("ocsp", info?.revocation?.ocsps ?? [], where);
    add("crl", info?.revocation?.crls ?? [], where);
    certs.push(...(info?.certificates ?? []));
  }
  return { items, certs };
}

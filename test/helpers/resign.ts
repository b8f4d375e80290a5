// Revocation items re-signed under another algorithm, for the "cannot be checked" rule (hs4, attack-s4 B1).
import { constants, sign, type KeyObject } from "node:crypto";
import * as asn1js from "asn1js";

/**
 * The same BasicOCSPResponse signed again by `key` (its responder's) with `hash` under the signature algorithm `oid`
 * (RSASSA-PSS with `pssHashOid` when given): an item whose algorithm may lie outside sealcheck's table.
 */
export function resignedOcsp(der: Uint8Array, key: KeyObject, hash: string, oid: string, pssHashOid?: string): Uint8Array {
  const outer = asn1js.fromBER(der).result as asn1js.Sequence;
  const bytes = (outer.valueBlock.value[1] as asn1js.Constructed).valueBlock.value[0] as asn1js.Sequence;
  const basic = asn1js.fromBER((bytes.valueBlock.value[1] as asn1js.OctetString).valueBlock.valueHexView).result as asn1js.Sequence;
  const [tbs, , , ...rest] = basic.valueBlock.value;
  const tbsDer = new Uint8Array(tbs!.valueBeforeDecodeView);
  const hashId = (o: string) => new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: o })] });
  const tagged = (n: number, v: asn1js.AsnType) => new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: n }, value: [v] });
  const params = pssHashOid
    ? new asn1js.Sequence({
        value: [
          tagged(0, hashId(pssHashOid)),
          tagged(1, new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: "1.2.840.113549.1.1.8" }), hashId(pssHashOid)] })),
          tagged(2, new asn1js.Integer({ value: 32 })),
        ],
      })
    : new asn1js.Null();
  const alg = new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: oid }), params] });
  const value = new Uint8Array(pssHashOid ? sign(hash, tbsDer, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }) : sign(hash, tbsDer, key));
  const newBasic = new asn1js.Sequence({ value: [asn1js.fromBER(tbsDer).result, alg, new asn1js.BitString({ valueHex: value }), ...rest] });
  const basicBytes = new asn1js.OctetString({ valueHex: newBasic.toBER(false) });
  const response = new asn1js.Sequence({
    value: [
      new asn1js.Enumerated({ value: 0 }),
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 0 },
        value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: "1.3.6.1.5.5.7.48.1.1" }), basicBytes] })],
      }),
    ],
  });
  return new Uint8Array(response.toBER(false));
}

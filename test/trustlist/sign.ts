// Test-time trusted lists (ETSI TS 119 612 version 5, or a list of lists), signed with test keys as XAdES-BES
// signatures in exactly the shape the real lists of ../shared/tl carry: ds:Signature as the root's last child,
// two references (the whole list, URI "", enveloped-signature then exc-c14n; the signature's own
// xades:SignedProperties, exc-c14n), KeyInfo with the signing certificate, SigningCertificate naming it by its
// SHA-256. Keys and certificates come from openssl (RSA, self-signed). Options make the variants the attack
// samples need; changes made after signing are left to the tests (string edits), and `resign` signs an edited
// SignedInfo again, so that a sample differs from the genuine shape in one rule only.
import { execFile } from "node:child_process";
import { createHash, createHmac, createPrivateKey, sign as rsaSign, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

// xml-crypto's and xmldom's own type declarations pull TypeScript's DOM library into the whole program (see
// src/trustlist/xml-libs.js); the little used here is declared below instead.
interface XNode {
  readonly textContent: string | null;
}
interface XDoc {
  getElementsByTagNameNS(ns: string, local: string): { item(i: number): (XNode & { getAttribute(n: string): string | null }) | null };
}
interface XmlCryptoSigner {
  addReference(r: { xpath: string; transforms: string[]; digestAlgorithm: string; isEmptyUri?: boolean; id?: string; type?: string }): void;
  computeSignature(xml: string, opts: { prefix: string; attrs: Record<string, string>; location: { reference: string; action: "append" } }): void;
  getSignedXml(): string;
}
const requireCjs = createRequire(import.meta.url);
const xmlCrypto = requireCjs("xml-crypto") as {
  SignedXml: new (opts: {
    privateKey: string;
    publicCert: string;
    signatureAlgorithm: string;
    canonicalizationAlgorithm: string;
    getKeyInfoContent: () => string;
    objects: { content: string; attributes?: Record<string, string> }[];
  }) => XmlCryptoSigner;
  ExclusiveCanonicalization: new () => { process(node: XNode, options: object): { toString(): string } };
};
const inclusiveC14n = requireCjs("xml-crypto/lib/c14n-canonicalization") as {
  C14nCanonicalization: new () => { process(node: XNode, options: object): { toString(): string } };
};
const xmlCryptoUtils = requireCjs("xml-crypto/lib/utils") as { findAncestorNsForElement(node: XNode): object[] };
const xmldom = requireCjs("@xmldom/xmldom") as { DOMParser: new () => { parseFromString(text: string, mime: string): XDoc } };

const TSL = "http://uri.etsi.org/02231/v2#";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const XADES = "http://uri.etsi.org/01903/v1.3.2#";
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const INCL_C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const ECDSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256";
const SIGNED_PROPERTIES = "http://uri.etsi.org/01903#SignedProperties";
const TSL_TYPE = "http://uri.etsi.org/TrstSvc/TrustedList/TSLType/";

/** A test key and its self-signed certificate. */
export interface Identity {
  name: string;
  keyPem: string;
  certPem: string;
  der: Uint8Array;
  notBefore: Date;
}

const run = promisify(execFile);

/**
 * Keys and self-signed certificates (valid from now for ten years), made by openssl in parallel: a number is an
 * RSA key of that many bits, a string an EC key on that named curve.
 */
export async function makeIdentities<K extends string>(bits: Record<K, number | string>): Promise<Record<K, Identity>> {
  const dir = mkdtempSync(join(tmpdir(), "sealcheck-tl-keys-"));
  try {
    const entries = await Promise.all(
      (Object.entries(bits) as [K, number | string][]).map(async ([name, size]) => {
        const key = join(dir, `${name}.key`);
        const cert = join(dir, `${name}.pem`);
        await run("openssl", [
          "req",
          "-x509",
          "-newkey",
          ...(typeof size === "number" ? [`rsa:${size}`] : ["ec", "-pkeyopt", `ec_paramgen_curve:${size}`]),
          "-nodes",
          "-keyout",
          key,
          "-out",
          cert,
          "-days",
          "3650",
          "-sha256",
          "-subj",
          `/C=XX/O=sealcheck tests/CN=${name} list signer`,
        ]);
        const certPem = readFileSync(cert, "utf8");
        const x = new X509Certificate(certPem);
        const id: Identity = { name, keyPem: readFileSync(key, "utf8"), certPem, der: new Uint8Array(x.raw), notBefore: new Date(x.validFrom) };
        return [name, id] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<K, Identity>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const b64 = (der: Uint8Array) => Buffer.from(der).toString("base64");
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const xsdTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

export interface Pointer {
  territory: string;
  /** The last segment of the TSLType URI: "EUgeneric" or "EUlistofthelists". */
  tslType: string;
  location: string;
  certificates: Uint8Array[];
  mimeType?: string;
}

export interface ListSpec {
  /** A list of lists (TSLType EUlistofthelists, no providers) instead of a national trusted list. */
  lotl?: boolean;
  territory: string;
  issued: Date;
  /** null: a closed list (NextUpdate without dateTime). */
  nextUpdate: Date | null;
  /** The certificate that identifies the one service. */
  serviceCertificate?: Uint8Array;
  /** Raw XML text of the elements' content, so that a sample can put markup inside a value. */
  version?: string;
  sequence?: string;
  operatorName?: string;
  serviceStatus?: "withdrawn" | "granted";
  /** ServiceSupplyPoint with the `type` attribute of version 6. */
  supplyPointType?: boolean;
  /** Raw content of one SchemeExtensions/Extension (Critical="false"). */
  extension?: string;
  /**
   * Laid out as ETSI TS 102 231 v3 lists are (Germany's health-care TSL): electronic addresses and community rules
   * without a language. Combine with version "3".
   */
  ts102231?: boolean;
  /** An empty ServiceHistory after the service's information (the schema allows it). */
  emptyHistory?: boolean;
  /** The provider's services instead of the one CA/QC service of `serviceCertificate`. */
  services?: ServiceSpec[];
  pointers?: Pointer[];
}

/** One service: its type and status are the URIs' last segments ("CA/QC", "granted"); history newest first. */
export interface ServiceSpec {
  type: string;
  name: string;
  certificate: Uint8Array;
  status: string;
  since: Date;
  history?: { type?: string; status: string; since: Date }[];
}

const sampleDer = (file: string) => new Uint8Array(new X509Certificate(readFileSync(file)).raw);

/**
 * The samples' anchors (samples/trust) as the services a national list would carry them as, granted since 2016:
 * the seal's CA and the token's issuing CA as CA/QC, the TSA's root as TSA/QTST.
 */
export function sampleAnchorServices(): ServiceSpec[] {
  const since = new Date("2016-07-01T00:00:00Z");
  return [
    { type: "CA/QC", name: "Test seal CA", certificate: sampleDer("samples/trust/seal-root.pem"), status: "granted", since },
    { type: "CA/QC", name: "Test OCES issuing CA", certificate: sampleDer("samples/trust/token-issuing-ca.pem"), status: "granted", since },
    { type: "TSA/QTST", name: "Test qualified time-stamping", certificate: sampleDer("samples/trust/tsa-root.pem"), status: "granted", since },
  ];
}

export const OPERATOR = "Test Scheme Operator";
export const PROVIDER = "Genuine Test TSP";

function pointerXml(p: Pointer): string {
  const ids = p.certificates
    .map((c) => `<ServiceDigitalIdentity><DigitalId><X509Certificate>${b64(c)}</X509Certificate></DigitalId></ServiceDigitalIdentity>`)
    .join("");
  return `
            <OtherTSLPointer>
                <ServiceDigitalIdentities>${ids}</ServiceDigitalIdentities>
                <TSLLocation>${esc(p.location)}</TSLLocation>
                <AdditionalInformation>
                    <OtherInformation><TSLType>${TSL_TYPE}${p.tslType}</TSLType></OtherInformation>
                    <OtherInformation><SchemeTerritory>${p.territory}</SchemeTerritory></OtherInformation>
                    <OtherInformation><ns4:MimeType>${p.mimeType ?? "application/vnd.etsi.tsl+xml"}</ns4:MimeType></OtherInformation>
                </AdditionalInformation>
            </OtherTSLPointer>`;
}

/** The language attribute TS 119 612 gives addresses and rules, which TS 102 231 v3 lists do not have. */
const lang = (spec: ListSpec) => (spec.ts102231 ? "" : ' xml:lang="en"');

function serviceXml(s: ServiceSpec): string {
  const state = (type: string, status: string, since: Date) => `
                        <ServiceTypeIdentifier>http://uri.etsi.org/TrstSvc/Svctype/${type}</ServiceTypeIdentifier>
                        <ServiceName><Name xml:lang="en">${esc(s.name)}</Name></ServiceName>
                        <ServiceDigitalIdentity><DigitalId><X509Certificate>${b64(s.certificate)}</X509Certificate></DigitalId></ServiceDigitalIdentity>
                        <ServiceStatus>http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/${status}</ServiceStatus>
                        <StatusStartingTime>${xsdTime(since)}</StatusStartingTime>`;
  const history = s.history?.length
    ? `<ServiceHistory>${s.history.map((h) => `<ServiceHistoryInstance>${state(h.type ?? s.type, h.status, h.since)}</ServiceHistoryInstance>`).join("")}</ServiceHistory>`
    : "";
  return `
                <TSPService>
                    <ServiceInformation>${state(s.type, s.status, s.since)}
                    </ServiceInformation>${history}
                </TSPService>`;
}

function providersXml(spec: ListSpec): string {
  if (spec.lotl) return "";
  const cert = spec.serviceCertificate ? `<DigitalId><X509Certificate>${b64(spec.serviceCertificate)}</X509Certificate></DigitalId>` : "";
  const supply = spec.supplyPointType
    ? `<ServiceSupplyPoint type="http://uri.etsi.org/TrstSvd/Svctype/TSA/QTST">http://tsa.example.test/</ServiceSupplyPoint>`
    : `<ServiceSupplyPoint>http://tsa.example.test/</ServiceSupplyPoint>`;
  return `
    <TrustServiceProviderList>
        <TrustServiceProvider>
            <TSPInformation>
                <TSPName><Name xml:lang="en">${PROVIDER}</Name></TSPName>
                <TSPAddress>
                    <PostalAddresses>
                        <PostalAddress xml:lang="en"><StreetAddress>Test Street 1</StreetAddress><Locality>Testville</Locality><PostalCode>00001</PostalCode><CountryName>${spec.territory}</CountryName></PostalAddress>
                    </PostalAddresses>
                    <ElectronicAddress><URI${lang(spec)}>mailto:tsp@example.test</URI></ElectronicAddress>
                </TSPAddress>
                <TSPInformationURI><URI xml:lang="en">https://tsp.example.test/</URI></TSPInformationURI>
            </TSPInformation>
            <TSPServices>${
              spec.services
                ? spec.services.map(serviceXml).join("")
                : `
                <TSPService>
                    <ServiceInformation>
                        <ServiceTypeIdentifier>http://uri.etsi.org/TrstSvc/Svctype/CA/QC</ServiceTypeIdentifier>
                        <ServiceName><Name xml:lang="en">Genuine Test TSP - qualified certificates</Name></ServiceName>
                        <ServiceDigitalIdentity>${cert}</ServiceDigitalIdentity>
                        <ServiceStatus>http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/${spec.serviceStatus ?? "withdrawn"}</ServiceStatus>
                        <StatusStartingTime>2017-01-08T23:00:00Z</StatusStartingTime>
                        <ServiceSupplyPoints>${supply}</ServiceSupplyPoints>
                    </ServiceInformation>${spec.emptyHistory ? "<ServiceHistory/>" : ""}
                </TSPService>`
            }
            </TSPServices>
        </TrustServiceProvider>
    </TrustServiceProviderList>`;
}

/** The unsigned list, laid out as ../shared/tl/SE.xml (or EU.xml for a list of lists). */
export function buildList(spec: ListSpec): string {
  const type = spec.lotl ? "EUlistofthelists" : "EUgeneric";
  const pointers = spec.pointers?.length ? `\n        <PointersToOtherTSL>${spec.pointers.map(pointerXml).join("")}\n        </PointersToOtherTSL>` : "";
  const next = spec.nextUpdate ? `<dateTime>${xsdTime(spec.nextUpdate)}</dateTime>` : "";
  const ext = spec.extension !== undefined ? `\n        <SchemeExtensions><Extension Critical="false">${spec.extension}</Extension></SchemeExtensions>` : "";
  return `<?xml version="1.0" encoding="UTF-8"?><TrustServiceStatusList xmlns="${TSL}" xmlns:ns2="${DS}" xmlns:ns3="${XADES}" xmlns:ns4="http://uri.etsi.org/02231/v2/additionaltypes#" Id="tl-root" TSLTag="http://uri.etsi.org/${spec.ts102231 ? "02231" : "19612"}/TSLTag">
    <SchemeInformation>
        <TSLVersionIdentifier>${spec.version ?? "5"}</TSLVersionIdentifier>
        <TSLSequenceNumber>${spec.sequence ?? "49"}</TSLSequenceNumber>
        <TSLType>${TSL_TYPE}${type}</TSLType>
        <SchemeOperatorName><Name xml:lang="en">${spec.operatorName ?? OPERATOR}</Name></SchemeOperatorName>
        <SchemeOperatorAddress>
            <PostalAddresses>
                <PostalAddress xml:lang="en"><StreetAddress>Box 1</StreetAddress><Locality>Testville</Locality><PostalCode>00001</PostalCode><CountryName>${spec.territory}</CountryName></PostalAddress>
            </PostalAddresses>
            <ElectronicAddress><URI${lang(spec)}>mailto:tl@example.test</URI></ElectronicAddress>
        </SchemeOperatorAddress>
        <SchemeName><Name xml:lang="en">${spec.territory}:Trusted list for the sealcheck attack samples</Name></SchemeName>
        <SchemeInformationURI><URI xml:lang="en">https://tl.example.test/</URI></SchemeInformationURI>
        <StatusDeterminationApproach>http://uri.etsi.org/TrstSvc/TrustedList/StatusDetn/EUappropriate</StatusDeterminationApproach>
        <SchemeTypeCommunityRules><URI${lang(spec)}>http://uri.etsi.org/TrstSvc/TrustedList/schemerules/EUcommon</URI></SchemeTypeCommunityRules>
        <SchemeTerritory>${spec.territory}</SchemeTerritory>
        <PolicyOrLegalNotice><TSLLegalNotice xml:lang="en">Test data; not a legal notice.</TSLLegalNotice></PolicyOrLegalNotice>
        <HistoricalInformationPeriod>65535</HistoricalInformationPeriod>${pointers}
        <ListIssueDateTime>${xsdTime(spec.issued)}</ListIssueDateTime>
        <NextUpdate>${next}</NextUpdate>
        <DistributionPoints><URI>https://tl.example.test/${spec.territory}.xml</URI></DistributionPoints>${ext}
    </SchemeInformation>${providersXml(spec)}
</TrustServiceStatusList>`;
}

/** The signing certificate as XAdES SigningCertificate/Cert: its SHA-256, issuer name and serial number. */
function certXml(id: Identity, v2: boolean): string {
  const x = new X509Certificate(id.certPem);
  const issuer = x.issuer.split("\n").reverse().join(",");
  const digest = createHash("sha256").update(id.der).digest("base64");
  const certDigest = `<xades:CertDigest><ds:DigestMethod Algorithm="${SHA256}"/><ds:DigestValue>${digest}</ds:DigestValue></xades:CertDigest>`;
  // EN 319 132-1's SigningCertificateV2 names the certificate by its digest; IssuerSerialV2 is optional.
  if (v2) return `<xades:SigningCertificateV2><xades:Cert>${certDigest}</xades:Cert></xades:SigningCertificateV2>`;
  return `<xades:SigningCertificate><xades:Cert>${certDigest}<xades:IssuerSerial><ds:X509IssuerName>${esc(issuer)}</ds:X509IssuerName><ds:X509SerialNumber>${BigInt(`0x${x.serialNumber}`).toString()}</ds:X509SerialNumber></xades:IssuerSerial></xades:Cert></xades:SigningCertificate>`;
}

/** The SignedProperties XAdES-BES lists carry; `standalone` declares its namespaces, to place it outside a signature. */
export function signedPropertiesXml(id: string, named: Identity, signingTime: Date, extra = "", standalone = false, v2 = false): string {
  const ns = standalone ? ` xmlns:xades="${XADES}" xmlns:ds="${DS}"` : "";
  return `<xades:SignedProperties${ns} Id="${id}"><xades:SignedSignatureProperties><xades:SigningTime>${xsdTime(signingTime)}</xades:SigningTime>${certXml(named, v2)}</xades:SignedSignatureProperties><xades:SignedDataObjectProperties><xades:DataObjectFormat ObjectReference="#xml_ref_id"><xades:MimeType>text/xml</xades:MimeType></xades:DataObjectFormat></xades:SignedDataObjectProperties>${extra}</xades:SignedProperties>`;
}

export interface SignOptions {
  /** Who the signed SigningCertificate names (default: the signer). */
  named?: Identity;
  /** Certificates in KeyInfo (default: the signer's). */
  keyInfo?: Uint8Array[];
  /** Digest algorithm of the whole-list reference (default SHA-256). */
  listDigest?: string;
  /** Id of the element the SignedProperties reference points at (default: the signature's own). */
  propertiesId?: string;
  /** Target of QualifyingProperties (default: "#" and the signature's Id). */
  target?: string;
  /** Raw XML appended inside the signed xades:SignedProperties. */
  inSignedProperties?: string;
  /** A second ds:Object (Id "extra-object") with this content; `signed` adds a third reference to it. */
  extraObject?: { content: string; signed: boolean };
  /** A third reference, to KeyInfo. */
  signKeyInfo?: boolean;
  /**
   * xades:SigningCertificateV2 instead of SigningCertificate; by default V2 for a version-6 list, as TS 119 612
   * v2.3.1 has it.
   */
  signingCertificateV2?: boolean;
  /**
   * Inclusive canonicalisation (REC-xml-c14n-20010315) for SignedInfo and both references, instead of exclusive.
   */
  inclusive?: boolean;
}

/** Signs the list as its operator would: an enveloped XAdES-BES signature, the root's last child. */
export function sign(xml: string, signer: Identity, o: SignOptions = {}): string {
  const sigId = `id-${createHash("sha256").update(xml).update(signer.der).digest("hex").slice(0, 32)}`;
  const propsId = `xades-${sigId}`;
  const signingTime = new Date(signer.notBefore.getTime() + 3_600_000);
  const qp = `<xades:QualifyingProperties xmlns:xades="${XADES}" Target="${o.target ?? `#${sigId}`}">${signedPropertiesXml(propsId, o.named ?? signer, signingTime, o.inSignedProperties, false, o.signingCertificateV2 ?? /<TSLVersionIdentifier>6</.test(xml))}</xades:QualifyingProperties>`;
  const keyInfo = (o.keyInfo ?? [signer.der]).map((c) => `<ds:X509Data><ds:X509Certificate>${b64(c)}</ds:X509Certificate></ds:X509Data>`).join("");
  const sx = new xmlCrypto.SignedXml({
    privateKey: signer.keyPem,
    publicCert: signer.certPem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: o.inclusive ? INCL_C14N : EXC_C14N,
    getKeyInfoContent: () => keyInfo,
    objects: [{ content: qp }, ...(o.extraObject ? [{ content: o.extraObject.content, attributes: { Id: "extra-object" } }] : [])],
  });
  const c14n = o.inclusive ? INCL_C14N : EXC_C14N;
  sx.addReference({ xpath: "/*", isEmptyUri: true, id: "xml_ref_id", transforms: [ENVELOPED, c14n], digestAlgorithm: o.listDigest ?? SHA256 });
  sx.addReference({
    xpath: `//*[@Id='${o.propertiesId ?? propsId}']`,
    type: SIGNED_PROPERTIES,
    transforms: [c14n],
    digestAlgorithm: SHA256,
  });
  if (o.extraObject?.signed) sx.addReference({ xpath: "//*[@Id='extra-object']", transforms: [EXC_C14N], digestAlgorithm: SHA256 });
  if (o.signKeyInfo) sx.addReference({ xpath: "//*[local-name(.)='KeyInfo']", transforms: [EXC_C14N], digestAlgorithm: SHA256 });
  sx.computeSignature(xml, { prefix: "ds", attrs: { Id: sigId }, location: { reference: "/*", action: "append" } });
  let out = sx.getSignedXml();
  if (!out.startsWith("<?xml")) out = `<?xml version="1.0" encoding="UTF-8"?>${out}`;
  // xml-crypto signs with RSA only: an EC signer's SignedInfo names ECDSA and is signed again.
  if (isEc(signer)) out = resign(out.replace(`<ds:SignatureMethod Algorithm="${RSA_SHA256}"`, `<ds:SignatureMethod Algorithm="${ECDSA_SHA256}"`), signer);
  return out;
}

const isEc = (id: Identity) => createPrivateKey(id.keyPem).asymmetricKeyType === "ec";

const SIGNERS: Record<string, (data: string, id: Identity) => Buffer> = {
  [RSA_SHA256]: (data, id) => rsaSign("sha256", Buffer.from(data), id.keyPem),
  // XML-DSig's ECDSA signature value is r and s side by side (RFC 4050), not DER.
  [ECDSA_SHA256]: (data, id) => rsaSign("sha256", Buffer.from(data), { key: id.keyPem, dsaEncoding: "ieee-p1363" }),
  "http://www.w3.org/2000/09/xmldsig#rsa-sha1": (data, id) => rsaSign("sha1", Buffer.from(data), id.keyPem),
  // The classic key confusion: an HMAC keyed with the public certificate, which anyone can compute.
  "http://www.w3.org/2000/09/xmldsig#hmac-sha1": (data, id) => createHmac("sha1", id.certPem).update(data).digest(),
};

/**
 * Signs the (last) signature's SignedInfo again after a test edited it, with the algorithm its SignatureMethod
 * names: the sample then differs from a genuine list by that edit alone, not by a broken signature value.
 */
export function resign(xml: string, signer: Identity): string {
  const doc = new xmldom.DOMParser().parseFromString(xml, "text/xml");
  const infos = doc.getElementsByTagNameNS(DS, "SignedInfo");
  let i = 0;
  while (infos.item(i + 1)) i++;
  const signedInfo = infos.item(i)!;
  const method = doc.getElementsByTagNameNS(DS, "SignatureMethod").item(i)!.getAttribute("Algorithm")!;
  const c14n = doc.getElementsByTagNameNS(DS, "CanonicalizationMethod").item(i)!.getAttribute("Algorithm");
  // Inclusive canonicalisation carries the ancestors' namespace declarations into SignedInfo.
  const canonical =
    c14n === INCL_C14N
      ? new inclusiveC14n.C14nCanonicalization().process(signedInfo, { ancestorNamespaces: xmlCryptoUtils.findAncestorNsForElement(signedInfo) }).toString()
      : new xmlCrypto.ExclusiveCanonicalization().process(signedInfo, {}).toString();
  const value = SIGNERS[method]!(canonical, signer).toString("base64");
  const at = xml.lastIndexOf("<ds:SignatureValue>");
  const end = xml.indexOf("</ds:SignatureValue>", at);
  return `${xml.slice(0, at)}<ds:SignatureValue>${value}${xml.slice(end)}`;
}

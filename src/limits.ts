/**
 * Resource limits for untrusted input. Every reader takes these; every default is documented in
 * docs/security.md. The library takes `limits: Partial<Limits>`; the CLI takes
 * `--limit <name>=<value>` (repeatable). Exceeding one gives a FORMAT_FAILURE whose message names the limit
 * (LimitError), or SealcheckError ERR_INPUT_TOO_LARGE when no verdict can be formed at all.
 */
import { SealcheckError } from "./errors.js";

export interface Limits {
  /** Largest evidence file read (PDF or JSON), and largest PDF decoded from padesB64. */
  maxEvidenceBytes: number;
  /** Largest decoded size of one PDF stream (attachment, xref stream, object stream, DSS entry). */
  maxDecodedStreamBytes: number;
  /** Largest decoded size of all PDF streams of one document together (many small Flate bombs). */
  maxTotalDecodedBytes: number;
  /** Deepest nesting of PDF arrays/dictionaries, and longest chain of references to references. */
  maxPdfDepth: number;
  /** Most revisions (incremental updates) followed through /Prev. */
  maxRevisions: number;
  /** Most objects in one PDF. */
  maxPdfObjects: number;
  /** Most nodes visited in a name tree, page tree or AcroForm field tree. */
  maxTreeNodes: number;
  /** Longest PDF string (literal or hex, decoded): a seal's /Contents is ~100 KB. */
  maxPdfStringBytes: number;
  /** Most objects reachable in one revision when revisions after a signature are compared object by object. */
  maxComparedObjects: number;
  /** Deepest ASN.1 nesting accepted in DER input. */
  maxAsn1Depth: number;
  /**
   * Longest OBJECT IDENTIFIER in DER, in content bytes (real ones are under 64). asn1js keeps an object per
   * arc: a 1 MB OID takes it 0.25 s and ~70 MB.
   */
  maxOidBytes: number;
  /** Largest DER blob (CMS, OCSP, CRL, timestamp, certificate). */
  maxDerBytes: number;
  /**
   * Most ASN.1 values decoded from one DER blob. asn1js keeps ~1 KB per value (200,000: ~230 MB), and
   * refuses more than 10,000 unless told: a CMS carrying a CRL of a few thousand entries needs more.
   */
  maxAsn1Nodes: number;
  /**
   * Most validation-data items read for one signature: signature timestamps in a CMS, OCSP responses and
   * CRLs archived in it, certificates, OCSP responses and CRLs in a DSS.
   */
  maxValidationDataItems: number;
  /** Largest JSON text and deepest JSON nesting. */
  maxJsonBytes: number;
  maxJsonDepth: number;
  /** Largest compact JWT. */
  maxJwtBytes: number;
  /** Most keys in a JWKS. */
  maxJwksKeys: number;
  /** Most original files compared. */
  maxOriginals: number;
  /**
   * Largest original file hashed, in bytes (a file larger by its size is refused before it is read; one that
   * holds more than its size says, like a /proc file, is refused at that byte).
   */
  maxOriginalBytes: number;
  /** Most document_N / signature_N claims. */
  maxNumberedClaims: number;
  /** Largest XML file (a trusted list: the biggest national lists are a few MB). */
  maxXmlBytes: number;
  /** Deepest nesting of XML elements (a trusted list nests about 15 deep). */
  maxXmlDepth: number;
  /** Most elements in one XML file (Spain's 1.35 MB list has 10,297). */
  maxXmlElements: number;
  /** Most comments in one XML file (real lists have none or a few). */
  maxXmlComments: number;
  /** Most namespace declarations in scope at one XML element, its ancestors' included (real lists: under ten). */
  maxXmlNamespaceDeclarations: number;
  /** Time for reading one XML file and holding it to its schema, before its signature is checked, in ms. */
  maxXmlMilliseconds: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxEvidenceBytes: 2 * 1024 ** 3, // archives may hold PDFs of hundreds of MB
  maxDecodedStreamBytes: 64 * 1024 ** 2,
  maxTotalDecodedBytes: 1024 ** 3,
  maxPdfDepth: 64,
  maxRevisions: 256,
  maxPdfObjects: 2_000_000,
  maxTreeNodes: 100_000,
  maxComparedObjects: 250_000,
  maxPdfStringBytes: 16 * 1024 ** 2,
  maxAsn1Depth: 64,
  maxOidBytes: 1024,
  maxDerBytes: 16 * 1024 ** 2,
  maxAsn1Nodes: 200_000,
  maxValidationDataItems: 1_000,
  maxJsonBytes: 512 * 1024 ** 2, // the PAdES endpoint JSON embeds the whole PDF in base64
  maxJsonDepth: 64,
  maxJwtBytes: 4 * 1024 ** 2,
  maxJwksKeys: 100,
  maxOriginals: 10_000,
  maxOriginalBytes: 2 * 1024 ** 3, // like the evidence: the originals were merged into it
  maxNumberedClaims: 10_000,
  maxXmlBytes: 64 * 1024 ** 2,
  maxXmlDepth: 64,
  maxXmlElements: 1_000_000,
  maxXmlComments: 100_000,
  maxXmlNamespaceDeclarations: 1_000,
  maxXmlMilliseconds: 60_000,
});

/** The names of all limits, in documentation order. */
export const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as (keyof Limits)[];

/** What each limit bounds, one phrase (CLI help, docs). */
export const LIMIT_DESCRIPTIONS: Readonly<Record<keyof Limits, string>> = Object.freeze({
  maxEvidenceBytes: "largest evidence file (PDF or JSON), and largest PDF decoded from padesB64, in bytes",
  maxDecodedStreamBytes: "largest decoded PDF stream (attachment, xref/object stream, DSS entry), in bytes",
  maxTotalDecodedBytes: "largest decoded size of all PDF streams of one document together, in bytes",
  maxPdfDepth: "deepest nesting of PDF arrays/dictionaries and longest reference chain",
  maxRevisions: "most PDF revisions (incremental updates) followed through /Prev",
  maxPdfObjects: "most objects in one PDF (xref entries, object-stream entries)",
  maxTreeNodes: "most nodes in a name tree, page tree or form-field tree",
  maxPdfStringBytes: "longest PDF string (literal or hex, decoded), in bytes",
  maxComparedObjects: "most objects reachable in one revision when the revisions after a signature are compared",
  maxAsn1Depth: "deepest ASN.1 nesting in DER (CMS, OCSP, CRL, timestamp, certificate)",
  maxOidBytes: "longest OBJECT IDENTIFIER in DER, in content bytes",
  maxDerBytes: "largest DER object (CMS, OCSP, CRL, timestamp, certificate), in bytes",
  maxAsn1Nodes: "most ASN.1 values in one DER object (a CRL entry is three)",
  maxValidationDataItems: "most timestamps, OCSP responses, CRLs and certificates read from one CMS or DSS",
  maxJsonBytes: "largest JSON text (evidence JSON, JWT header/payload, JWKS), in bytes",
  maxJsonDepth: "deepest JSON nesting",
  maxJwtBytes: "largest compact JWT, in bytes",
  maxJwksKeys: "most keys in a JWKS",
  maxOriginals: "most original files compared",
  maxOriginalBytes: "largest original file hashed, in bytes",
  maxNumberedClaims: "most document_N / signature_N claims in a Workflow token",
  maxXmlBytes: "largest XML file (a trusted list), in bytes",
  maxXmlDepth: "deepest nesting of XML elements",
  maxXmlElements: "most elements in one XML file",
  maxXmlComments: "most comments in one XML file",
  maxXmlNamespaceDeclarations: "most namespace declarations in scope at one XML element (its own and its ancestors')",
  maxXmlMilliseconds: "time for reading one XML file and checking its schema, before its signature, in milliseconds",
});

export function isLimitName(name: string): name is keyof Limits {
  return Object.hasOwn(DEFAULT_LIMITS, name);
}

/**
 * Defaults with the caller's overrides. Every override must be a known limit and a positive safe integer;
 * anything else is a usage error.
 */
export function resolveLimits(overrides: Partial<Limits> = {}): Limits {
  const out: Limits = { ...DEFAULT_LIMITS };
  for (const [k, v] of Object.entries(overrides ?? {})) {
    if (v === undefined) continue;
    if (!isLimitName(k)) throw new SealcheckError("ERR_USAGE", `unknown limit "${k}" (known: ${LIMIT_NAMES.join(", ")})`, { option: "limits" });
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 1)
      throw new SealcheckError("ERR_USAGE", `limit ${k} must be a positive integer, not ${JSON.stringify(v)}`, { option: `limits.${k}` });
    out[k] = v;
  }
  return out;
}

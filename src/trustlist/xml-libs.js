// xmldom and xml-crypto, re-exported without their own type declarations: those pull in TypeScript's DOM
// library for the whole program (/// <reference lib="dom" />), which retypes Node's Web Crypto and buffers
// everywhere. xml-libs.d.ts declares the little of them this layer uses.
export { DOMParser } from "@xmldom/xmldom";
// Each from its own module, not xml-crypto's index (which loads its signing code and node:crypto): the
// browser page bundles these too.
export { ExclusiveCanonicalization } from "xml-crypto/lib/exclusive-canonicalization.js";
// Inclusive canonicalisation and the ancestors' namespaces a subtree's canonical form imports: xml-crypto's
// own, called on the element a reference resolves to (xmldsig.ts resolves references itself).
export { C14nCanonicalization } from "xml-crypto/lib/c14n-canonicalization.js";
export { findAncestorNsForElement } from "xml-crypto/lib/utils.js";

// xmldom and xml-crypto, re-exported without their own type declarations: those pull in TypeScript's DOM
// library for the whole program (/// <reference lib="dom" />), which retypes Node's Web Crypto and buffers
// everywhere. xml-libs.d.ts declares the little of them this layer uses.
export { DOMParser } from "@xmldom/xmldom";
export { SignedXml } from "xml-crypto";

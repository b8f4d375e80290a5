// E1: the LTV update iText writes (LtvVerification.outputDss and PdfSigner.timestamp in iText 5, 7, 8 and 9 both call
// addDeveloperExtension(ESIC_1_7_EXTENSIONLEVEL5); iText 5 for .NET adds ADBE 1.7 level 8 too): a /DSS and the
// catalog's /Extensions /ESIC raised from the broker's level 2 to 5, the level PAdES (ETSI TS 102 778-4) gives the
// DSS. sealcheck judges /Extensions "metadata", which DocMDP P=1 does not permit.
//   npx tsx scripts/attack-s11/ltv-extensions.ts <mode> [real]
// modes: honest (the /DSS alone); esic5 (and /ESIC level 5); adbe8 (and /ADBE 1.7 level 8 beside it); itext5 (the
// update written by iText 5 itself, LtvVerification through PdfStamper in append mode, with the seal's CA
// certificate: needs javac and Debian's libitext5-java, /usr/share/java/itext5.jar); itext5-ts (a document timestamp
// by iText 5's LtvTimestamp from the loopback TSA; the sample, whose trust holds the TSA root).
// `real`: the broker's real archive at its sealing time with its trust.
import { readFileSync } from "node:fs";
import { pki, save, show, tool, verify, work } from "../attack36/lib.js";
import { lastStartXref } from "../generator/pdf-bytes.js";
import { concat, latin1Bytes, latin1Text } from "../generator/der.js";
import { pdfiumAndPdfjs, printReaders } from "./lib.js";
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { startTsa } from "../generator/servers.js";
import { writeFileSync } from "node:fs";

const JAVA = `import com.itextpdf.text.pdf.*;
import com.itextpdf.text.pdf.security.*;
import java.io.*;
import java.nio.file.*;
import java.util.*;
public class ItextLtv {
  public static void main(String[] a) throws Exception {
    PdfReader r = new PdfReader(a[0]);
    if (a[2].startsWith("http")) {
      // LtvTimestamp.timestamp: a document timestamp in a new invisible field, as iText 5 writes one.
      PdfStamper t = PdfStamper.createSignature(r, new FileOutputStream(a[1]), '\\0', null, true);
      LtvTimestamp.timestamp(t.getSignatureAppearance(), new TSAClientBouncyCastle(a[2], null, null, 8192, "SHA-256"), "ArchiveTS1");
      System.out.println("iText 5 LtvTimestamp.timestamp: done");
      return;
    }
    PdfStamper s = new PdfStamper(r, new FileOutputStream(a[1]), '\\0', true);
    List<byte[]> certs = new ArrayList<>();
    for (int i = 2; i < a.length; i++) certs.add(Files.readAllBytes(Paths.get(a[i])));
    String name = r.getAcroFields().getSignatureNames().get(0);
    System.out.println("iText 5 LtvVerification.addVerification(" + name + "): " + s.getLtvVerification().addVerification(name, new ArrayList<byte[]>(), new ArrayList<byte[]>(), certs));
    s.close();
  }
}
`;

/** The JDK's tools (JAVA_HOME/bin, else on PATH). */
const JDK = {
  javac: `${process.env.JAVA_HOME ? `${process.env.JAVA_HOME}/bin/` : ""}javac`,
  java: `${process.env.JAVA_HOME ? `${process.env.JAVA_HOME}/bin/` : ""}java`,
};

/** The archive with the LTV update iText 5 writes itself (its DSS holds the seal CA's certificate; with `tsa`, a document timestamp instead). */
async function itext5(dir: string, tsa?: string): Promise<string> {
  const cp = ["/usr/share/java/itext5.jar", "/usr/share/java/bcprov.jar", "/usr/share/java/bcpkix.jar", dir].join(":");
  writeFileSync(`${dir}/ItextLtv.java`, JAVA);
  execFileSync(JDK.javac, ["-cp", cp, `${dir}/ItextLtv.java`]);
  const ca = real ? "test/fixtures/real/broker-example/trust/nets-intermediate-ca.pem" : "samples/trust/seal-root.pem";
  execFileSync("openssl", ["x509", "-in", ca, "-outform", "DER", "-out", `${dir}/ca.der`]);
  const out = `${dir}/archive.pdf`;
  // Asynchronously: the loopback TSA answers from this process.
  const r = await promisify(execFile)(JDK.java, ["-cp", cp, "ItextLtv", src, out, tsa ?? `${dir}/ca.der`], { encoding: "utf8" });
  console.log(`${r.stdout}${r.stderr}`.trim());
  return out;
}

const mode = process.argv[2] ?? "esic5";
const real = process.argv[3] === "real";
if (!["honest", "esic5", "adbe8", "itext5", "itext5-ts"].includes(mode)) throw new Error(`mode: honest|esic5|adbe8|itext5|itext5-ts, not ${mode}`);
const src = real ? "test/fixtures/real/broker-example/archive.pdf" : "samples/valid/archive.pdf";
const base = new Uint8Array(readFileSync(src));
const prev = lastStartXref(base);
const tail = latin1Text(base.subarray(prev));
const size = Number(/\/Size\s*(\d+)/.exec(tail)![1]);
const get = (k: string) => new RegExp(`/${k}\\s*(\\d+\\s+\\d+\\s+R|\\[[^\\]]*\\])`).exec(tail)![1]!;
const root = Number(/^(\d+)/.exec(get("Root"))![1]);
let catalog = tool("qpdf", [`--show-object=${root}`, src]).trim();
const ext = /\/Extensions << \/ESIC << \/BaseVersion \/1\.7 \/ExtensionLevel 2 >> >>/;
if (!ext.test(catalog)) throw new Error(`the catalog has no /Extensions /ESIC level 2: ${catalog}`);
if (mode !== "honest")
  catalog = catalog.replace(
    ext,
    `/Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 5 >>${mode === "adbe8" ? " /ADBE << /BaseVersion /1.7 /ExtensionLevel 8 >>" : ""} >>`,
  );
catalog = catalog.replace(/>>\s*$/, ` /DSS ${size} 0 R >>`);
let at = base.length;
const parts: Uint8Array[] = [base];
const push = (b: Uint8Array) => {
  parts.push(b);
  at += b.length;
};
const dssAt = at;
push(latin1Bytes(`${size} 0 obj\n<< /Type /DSS /Certs [] >>\nendobj\n`));
const catAt = at;
push(latin1Bytes(`${root} 0 obj\n${catalog}\nendobj\n`));
const e = (o: number) => `${String(o).padStart(10, "0")} 00000 n \n`;
const xrefAt = at;
push(
  latin1Bytes(
    `xref\n${root} 1\n${e(catAt)}${size} 1\n${e(dssAt)}trailer\n<< /Size ${size + 1} /Root ${get("Root")} /Info ${get("Info")} /ID ${get("ID")} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
  ),
);
const dir = work(`s11-ext-${mode}${real ? "-real" : ""}`);
let file: string;
if (mode === "itext5") file = await itext5(dir);
else if (mode === "itext5-ts") {
  const tsa = await startTsa(pki().tsa);
  try {
    file = await itext5(dir, tsa.url);
  } finally {
    await tsa.close();
  }
} else file = save(dir, "archive.pdf", concat(...parts));
console.log(`wrote ${file} (${mode}${real ? ", real archive" : ""})`);
const v = real ? verify(file, ["--at", "2025-12-08T09:35:10Z"], "", "test/fixtures/real/broker-example/trust") : verify(file);
show(mode, v);
printReaders(file);
for (const l of pdfiumAndPdfjs(file, 60).filter((x) => /PDFium|pdf.js|p1:|not run/.test(x))) console.log(`== ${l.trim()}`);

// a25 (h10c, target 3): a broker employee's personal certificate (MitID Erhverv's shape: the person's name as CN, the
// employer as O and organizationIdentifier, no given name, surname or QC statement) carrying the production seal
// holder's organizationIdentifier NTRNO-933127990. sealIdentity takes it for the broker's production seal, so
// isBrokerSealHolder marks its certificate an organisation's and the person's name is shown without
// --show-personal-data: in "Sealed by", the checks' messages, the JSON summaries, inspect.
// modes: broker (organizationIdentifier NTRNO-933127990), customer (NTRDK-12345678: the control, masked),
//        given (broker, plus givenName/surname: masked by namesAPerson).
//   npx tsx scripts/attack-s20/employee-seal.ts <broker|customer|given>   (OCSP=0: no OCSP response for the seal: augment)
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { buildArchive, createOcspResponse, extensions, issueCertificate, issued, OIDS, TIMELINE } from "../generator/index.js";
import { loadPki } from "../generator/pki.js";

const mode = process.argv[2] ?? "broker";
if (!["broker", "customer", "given"].includes(mode)) throw new Error("usage: <broker|customer|given>");
const NAME = "Jens Peter Testesen";
const pki = loadPki("samples/pki");
const subject: [string, string][] = [
  [OIDS.country, "NO"],
  [OIDS.organization, mode === "customer" ? "Sealcheck Test Kunde ApS" : "IN GROUPE TRUST SERVICES APS NUF"],
  [OIDS.organizationIdentifier, mode === "customer" ? "NTRDK-12345678" : "NTRNO-933127990"],
  [OIDS.serialNumber, "UI:NO-E:G:5d2c0f5e-0f63-4c1e-9a0c-0b7f5e4a3d21"],
  [OIDS.commonName, NAME],
];
if (mode === "given") subject.push(["2.5.4.42", "Jens Peter"], ["2.5.4.4", "Testesen"]);
const der = issueCertificate({
  subject,
  subjectKey: pki.otherTokenSigner.key,
  issuer: pki.tokenCa,
  scheme: "rsa-pss",
  notBefore: new Date(TIMELINE.iat.getTime() - 86400_000 * 30),
  notAfter: new Date(TIMELINE.iat.getTime() + 86400_000 * 365),
  serial: new Uint8Array([0x37, 0x02]),
  extensions: [extensions.keyUsage("digitalSignature", "nonRepudiation")],
});
const person = issued("otherTokenSigner", der, pki.otherTokenSigner.key);
const a = await buildArchive(pki, {
  seal: {
    signer: person,
    certificates: [person, pki.tokenCa],
    revocation: {
      crls: [],
      ocsps:
        process.env.OCSP === "0"
          ? []
          : [
              createOcspResponse({
                subject: person,
                issuer: pki.tokenCa,
                responder: pki.ocspResponder,
                producedAt: TIMELINE.sealRevocationAt,
                nextUpdate: TIMELINE.sealRevocationNext,
              }),
            ],
    },
  },
});
const dir = `/tmp/a25-employee-${mode}${process.env.OCSP === "0" ? "-noocsp" : ""}`;
mkdirSync(join(dir, "originals"), { recursive: true });
writeFileSync(join(dir, "archive.pdf"), a.pdf);
for (const o of a.evidence.originals) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
const run = (args: string[]) => {
  try {
    return execFileSync("node", ["dist/cli/main.js", ...args], { encoding: "utf8" });
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? e);
  }
};
const base = ["verify", join(dir, "archive.pdf"), join(dir, "originals"), "--trust", "samples/trust"];
const text = run(base);
const json = run([...base, "--json"]);
const inspect = run(["inspect", join(dir, "archive.pdf")]);
console.log(
  text
    .split("\n")
    .filter((l) => /Sealed by|^Result|TOTAL|INDETERMINATE/.test(l))
    .join("\n"),
);
for (const [what, out] of [
  ["human", text],
  ["json", json],
  ["inspect", inspect],
] as const) {
  const hits = out.split("\n").filter((l) => l.includes("Testesen"));
  console.log(`${what}: ${hits.length ? `NAME SHOWN (${hits.length} lines), e.g. ${hits[0]!.trim().slice(0, 160)}` : "masked"}`);
}
// AUGMENT=1: sealcheck augment on the archive (a TSA that does not answer; the error comes before it is asked), the
// seal accepted with --seal-signer (its organizationIdentifier): a25-P2, augment's unanchored/unrevoked words.
if (process.env.AUGMENT === "1") {
  const org = mode === "customer" ? "NTRDK-12345678" : "NTRNO-933127990";
  const aug = [join(dir, "archive.pdf"), "--out", join(dir, "augmented.pdf"), "--tsa", "http://127.0.0.1:9/", "--trust", "samples/trust"];
  for (const extra of [[], ["--json"]]) {
    let out = "";
    try {
      out = execFileSync("node", ["dist/cli/main.js", "augment", ...aug, "--seal-signer", org, "--no-progress", ...extra], { encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      const x = e as { stdout?: string; stderr?: string };
      out = `${x.stdout ?? ""}${x.stderr ?? ""}`;
    }
    console.log(`augment ${extra.join(" ")}: ${out.includes("Testesen") ? "NAME SHOWN" : "masked"}: ${out.trim().slice(0, 300)}`);
  }
}

// Trusted lists as trust anchors for `verify` (--trusted-list): a list is verified first, and its services'
// certificates vouch only for the roles their type allows, only in the periods their status history says they
// vouched, and only as far as the list speaks (its NextUpdate).
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { SealcheckError } from "../../src/errors.js";
import { loadTrustedListAnchors, type TrustedListAnchors } from "../../src/trustlist/index.js";
import { certificateDer } from "../../src/pki/certificate.js";
import { anchorsFor, indexTrustStore, loadCertificates, loadTrustStore } from "../../src/pki/trust-store.js";
import { verifyArchive } from "../../src/verify/archive.js";
import { renderArchiveHuman } from "../../src/render/archive-human.js";
import { verifyMany } from "../../src/batch/verify-many.js";
import { discoverArchives } from "../../src/batch/discover.js";
import { runKey } from "../../src/batch/run-key.js";
import { runCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/fixtures.js";
import { buildList, makeIdentities, sampleAnchorServices, sign, type Identity, type ListSpec, type ServiceSpec } from "./sign.js";
import { hasShared } from "../helpers/shared.js";

const EVIDENCE = "samples/valid/archive.pdf";
const REAL_LISTS = hasShared("tl/EU.xml", "test/trustlist/anchors.test.ts, real trusted lists as anchors");
const ORIGINALS = ["samples/valid/originals"];
/** The samples' anchors: the seal's CA, the token's issuing CA, the TSA's root. */
const der = (file: string) => certificateDer(loadCertificates([file], "test")[0]!);
const SEAL_CA = der("samples/trust/seal-root.pem");
const TSA_ROOT = der("samples/trust/tsa-root.pem");
/** The sample is sealed (its timestamp) at 2025-12-08T08:36:38Z. */
const SEALED = new Date("2025-12-08T08:36:38Z");
const day = 86_400_000;

let K: Record<"lister" | "lotl" | "stranger", Identity>;
let issued: Date;
let dir: string;

beforeAll(async () => {
  K = await makeIdentities({ lister: 2048, lotl: 2048, stranger: 2048 });
  issued = new Date(Math.max(...Object.values(K).map((i) => i.notBefore.getTime())) + 3_600_000);
  dir = tempDir("sealcheck-tl-anchors-");
  writeFileSync(join(dir, "lister.pem"), K.lister.certPem);
  writeFileSync(join(dir, "lotl.pem"), K.lotl.certPem);
});

const granted = (type: string, name: string, certificate: Uint8Array, since = new Date("2016-07-01T00:00:00Z")): ServiceSpec => ({
  type,
  name,
  certificate,
  status: "granted",
  since,
});

/** The broker's three anchors as the services a national list would carry them as. */
const genuineServices = sampleAnchorServices;

function listFile(name: string, services: ServiceSpec[], o: Partial<ListSpec> = {}, signer: Identity = K.lister): string {
  const spec: ListSpec = { territory: "DK", issued, nextUpdate: new Date(issued.getTime() + 180 * day), services, ...o };
  const file = join(dir, name);
  writeFileSync(file, sign(buildList(spec), signer));
  return file;
}

async function anchors(lists: string[], signers: Identity[] = [K.lister], lotls: string[] = []): Promise<TrustedListAnchors> {
  return loadTrustedListAnchors({ lists, lotls, signers: signers.map((s) => s.der) });
}

type Check = { id: string; status: string; message: string; subIndication?: string | null; details?: Record<string, unknown> };
const check = (r: { checks: Check[] }, id: string): Check => r.checks.find((c) => c.id === id)!;

describe("a trusted list's services as anchors", () => {
  it("the broker's CAs and TSA from a verified list: TOTAL-PASSED without --trust, each path's anchor named with its service", async () => {
    const lists = await anchors([listFile("dk.xml", genuineServices())]);
    expect(lists.lists).toEqual([expect.objectContaining({ file: join(dir, "dk.xml"), territory: "DK", signerTrustedBy: "pinned", anchors: 3 })]);
    const r = await verifyArchive({ evidence: EVIDENCE, originals: ORIGINALS, trustedLists: lists });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    // The loader's lists, and the services at which the verdict's paths ended (a14 X1i).
    expect(r.verification?.trustedLists?.map(({ decides: _, ...l }) => l)).toEqual(lists.lists);
    expect(r.verification?.trustedLists?.[0]?.decides?.map((d) => [d.service, d.decides])).toEqual([
      ["Test seal CA", ["the seal"]],
      ["Test qualified time-stamping", ["the seal's timestamp (TSA)"]],
      ["Test OCES issuing CA", ["the token certificate"]],
    ]);
    expect(r.verification?.trustAnchors).toEqual([]);
    const status = "http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/granted";
    expect(check(r, "seal-certificate").details?.trustedListService).toMatchObject({ territory: "DK", service: "Test seal CA", role: "seal", status });
    expect(check(r, "token-certificate").details?.trustedListService).toMatchObject({ service: "Test OCES issuing CA", role: "token" });
    expect(check(r, "seal-timestamp").details?.trustedListService).toMatchObject({ service: "Test qualified time-stamping", role: "tsa" });
    // The statement says it in words.
    expect(check(r, "seal-certificate").message).toContain(
      'The anchor is the service "Test seal CA" of trusted list DK #49 (CA/QC, granted since 2016-07-01).',
    );
    expect(check(r, "token-certificate").message).toContain('The anchor is the service "Test OCES issuing CA" of trusted list DK #49');
    expect(check(r, "seal-timestamp").message).toContain('The anchor is the service "Test qualified time-stamping" of trusted list DK #49 (TSA/QTST, granted');
    // Lists kept in a directory: each *.xml in it (an empty one is refused).
    const folder = tempDir("sealcheck-tl-folder-");
    writeFileSync(join(folder, "dk.xml"), readFileSync(join(dir, "dk.xml")));
    expect((await anchors([folder])).lists.map((l) => l.file)).toEqual([join(folder, "dk.xml")]);
    // Anything else in it is refused, never skipped: a newer list hidden or renamed beside an older one would
    // leave the older one vouching for a CA the newer withdrew (attack round 2, B7).
    for (const other of [".dk-2.xml", "dk-2.xml.old", "README.txt"]) {
      writeFileSync(join(folder, other), readFileSync(join(dir, "dk.xml")));
      await expect(anchors([folder])).rejects.toThrow(new RegExp(`${other.replace(/\./g, "\\.")}: a folder of trusted lists holds only lists`));
      rmSync(join(folder, other));
    }
    await expect(anchors([tempDir("sealcheck-tl-empty-")])).rejects.toMatchObject({
      code: "ERR_TRUST_STORE",
      message: expect.stringContaining("no trusted list (*.xml)"),
    });
  });

  it("a service vouches only for the roles of its type: a TSA listed as a CA does not anchor a timestamp, nor a CA/PKC a seal", async () => {
    const services = genuineServices();
    services[2] = granted("CA/QC", "TSA root listed as a CA", TSA_ROOT);
    let r = await verifyArchive({ evidence: EVIDENCE, originals: ORIGINALS, trustedLists: await anchors([listFile("tsa-as-ca.xml", services)]) });
    expect([r.indication, check(r, "seal-timestamp").status, check(r, "seal-timestamp").subIndication]).toEqual([
      "INDETERMINATE",
      "indeterminate",
      "NO_CERTIFICATE_CHAIN_FOUND",
    ]);
    expect(check(r, "seal-timestamp").message).toContain('is the service "TSA root listed as a CA" of trusted list DK #49');
    expect(check(r, "seal-timestamp").message).toContain("a CA/QC service, which does not vouch for a timestamp.");
    const pkc = genuineServices();
    pkc[0] = granted("CA/PKC", "Non-qualified CA", SEAL_CA);
    r = await verifyArchive({ evidence: EVIDENCE, originals: ORIGINALS, trustedLists: await anchors([listFile("pkc.xml", pkc)]) });
    expect([check(r, "seal-certificate").status, check(r, "seal-certificate").subIndication]).toEqual(["indeterminate", "NO_CERTIFICATE_CHAIN_FOUND"]);
    // The message says why the listed CA did not end the path.
    expect(check(r, "seal-certificate").message).toContain('is the service "Non-qualified CA" of trusted list DK #49');
    expect(check(r, "seal-certificate").message).toContain("a CA/PKC service, which does not vouch for a seal.");
    // A CA/PKC is a token CA: the token's path still ends there.
    const tokenPkc = genuineServices();
    tokenPkc[1] = { ...tokenPkc[1]!, type: "CA/PKC", name: "Non-qualified OCES CA" };
    r = await verifyArchive({ evidence: EVIDENCE, originals: ORIGINALS, trustedLists: await anchors([listFile("token-pkc.xml", tokenPkc)]) });
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("only while the status vouched: withdrawn before the sealing time is no anchor, withdrawn after it still is", async () => {
    const withdrawnAt = (at: Date): ServiceSpec[] => {
      const s = genuineServices();
      s[0] = { ...s[0]!, status: "withdrawn", since: at, history: [{ status: "granted", since: new Date("2016-07-01T00:00:00Z") }] };
      return s;
    };
    const before = await anchors([listFile("withdrawn-before.xml", withdrawnAt(new Date(SEALED.getTime() - day)))]);
    let r = await verifyArchive({ evidence: EVIDENCE, originals: ORIGINALS, trustedLists: before });
    expect([r.indication, check(r, "seal-certificate").subIndication]).toEqual(["INDETERMINATE", "NO_CERTIFICATE_CHAIN_FOUND"]);
    expect(check(r, "seal-certificate").message).toContain("which vouched for a seal only 2016-07-01 to 2025-12-07, not at 2025-12-08T08:36:38.000Z.");
    const after = await anchors([listFile("withdrawn-after.xml", withdrawnAt(new Date(SEALED.getTime() + day)))]);
    r = await verifyArchive({ evidence: EVIDENCE, originals: ORIGINALS, trustedLists: after });
    expect(r.indication).toBe("TOTAL-PASSED");
    // Granted only after the sealing time: no anchor then.
    const late = genuineServices();
    late[0] = granted("CA/QC", "Test seal CA", SEAL_CA, new Date(SEALED.getTime() + day));
    r = await verifyArchive({ evidence: EVIDENCE, originals: ORIGINALS, trustedLists: await anchors([listFile("granted-late.xml", late)]) });
    expect(check(r, "seal-certificate").subIndication).toBe("NO_CERTIFICATE_CHAIN_FOUND");
    // A history entry of another type (a service once a TSA, now a CA) vouches as its type then.
    const retyped = genuineServices();
    retyped[0] = {
      ...retyped[0]!,
      since: new Date(SEALED.getTime() + day),
      history: [{ type: "TSA/QTST", status: "granted", since: new Date("2016-07-01T00:00:00Z") }],
    };
    r = await verifyArchive({ evidence: EVIDENCE, originals: ORIGINALS, trustedLists: await anchors([listFile("retyped.xml", retyped)]) });
    expect(check(r, "seal-certificate").subIndication).toBe("NO_CERTIFICATE_CHAIN_FOUND");
  });

  it("no further than the list speaks: after its NextUpdate its services are no anchors", async () => {
    const lists = await anchors([listFile("dk-current.xml", genuineServices())]);
    const speaks = lists.lists[0]!.speaksUntil!;
    expect(speaks).toBe(new Date(issued.getTime() + 180 * day).toISOString());
    // Every period ends there at the latest (the services are still granted when the list was issued).
    expect(lists.anchors.flatMap((a) => a.windows.map((w) => w.to))).toEqual(lists.anchors.flatMap((a) => a.windows.map(() => speaks)));
    const store = indexTrustStore(loadTrustStore([], [], {}, undefined, lists));
    const seal = (at: Date) => anchorsFor(store, "seal", at).map((c) => Buffer.from(certificateDer(c)).equals(SEAL_CA));
    expect(seal(new Date(Date.parse(speaks) - 1000))).toContain(true);
    expect(seal(new Date(speaks))).toEqual([]);
    // Nor before the status began, nor without a time.
    expect(seal(new Date("2016-06-30T23:59:59Z"))).toEqual([]);
    expect(anchorsFor(store, "seal")).toEqual([]);
    // A closed list (NextUpdate without a date) does not verify (tl-freshness): its scheme ended.
    await expect(anchors([listFile("dk-closed.xml", genuineServices(), { nextUpdate: null })])).rejects.toMatchObject({
      code: "ERR_TRUST_STORE",
      message: expect.stringContaining("The list is closed"),
    });
  });

  it("never from a list that did not verify, nor from a list of lists: an error naming the list", async () => {
    const file = listFile("unpinned.xml", genuineServices(), {}, K.stranger);
    const err = await anchors([file]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SealcheckError);
    expect(err).toMatchObject({
      code: "ERR_TRUST_STORE",
      message: expect.stringMatching(/unpinned\.xml: the trusted list did not verify \(INDETERMINATE\/NO_CERTIFICATE_CHAIN_FOUND\)/),
    });
    // One byte of a service changed after signing: the list fails, nothing is taken from it.
    const changed = join(dir, "changed.xml");
    writeFileSync(changed, readFileSync(listFile("to-change.xml", genuineServices())).toString("utf8").replace("Test seal CA", "Test seal CB"));
    await expect(anchors([changed])).rejects.toMatchObject({ code: "ERR_TRUST_STORE", message: expect.stringMatching(/TOTAL-FAILED\/HASH_FAILURE/) });
    const lotl = listFile("lotl.xml", [], { lotl: true, territory: "EU" }, K.lotl);
    await expect(anchors([lotl], [K.lotl])).rejects.toMatchObject({ code: "ERR_TRUST_STORE", message: expect.stringContaining("is a list of lists") });
    await expect(loadTrustedListAnchors({ lists: [join(dir, "none.xml")] })).rejects.toMatchObject({ code: "ERR_FILE_NOT_FOUND" });
  });

  it("a service certificate that cannot be parsed vouches for nothing; the list's other services stay, and the report counts it", async () => {
    const services = [...genuineServices(), granted("CA/QC", "Broken entry", new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01]))];
    const lists = await anchors([listFile("dk-broken-entry.xml", services)]);
    expect(lists.lists[0]).toMatchObject({ anchors: 3, unreadableCertificates: 1 });
    const r = await verifyArchive({ evidence: EVIDENCE, originals: ORIGINALS, trustedLists: lists });
    expect(r.indication).toBe("TOTAL-PASSED");
    // Data handed over otherwise (the library's own TrustedListAnchors) is checked where it is decoded.
    const forged = { ...lists, anchors: [{ ...lists.anchors[0]!, der: new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01]) }] };
    await expect(verifyArchive({ evidence: EVIDENCE, trustedLists: forged })).rejects.toMatchObject({
      code: "ERR_TRUST_STORE",
      message: expect.stringContaining('dk-broken-entry.xml: the certificate of the service "Test seal CA" cannot be read'),
    });
  });

  it(
    "whatever a signed list says of its services (types, statuses, times, history), a verdict or ERR_TRUST_STORE, never a crash",
    { timeout: 120_000 },
    async () => {
      const text = fc.oneof(fc.constantFrom("CA/QC", "TSA/QTST", "CA/PKC", "granted", "withdrawn", "", "x/../granted"), fc.string({ maxLength: 12 }));
      const when = fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true });
      const service = fc.record({
        type: text,
        status: text,
        since: when,
        which: fc.constantFrom(0, 1, 2),
        history: fc.array(fc.record({ type: fc.option(text, { nil: undefined }), status: text, since: when }), { maxLength: 4 }),
      });
      const certs = [SEAL_CA, der("samples/trust/token-issuing-ca.pem"), TSA_ROOT];
      // Values that are not XML text would make another document, not another list: kept to URI characters.
      const esc = (v: string) => v.replace(/[^A-Za-z0-9/._-]/g, "");
      let n = 0;
      const seen = new Set<string>();
      await fc.assert(
        fc.asyncProperty(fc.boolean(), fc.array(service, { minLength: 1, maxLength: 4 }), async (withGenuine, specs) => {
          const fuzzed = specs.map((x, i) => ({
            type: esc(x.type),
            status: esc(x.status),
            since: x.since,
            name: `S${i}`,
            certificate: certs[x.which]!,
            history: x.history.map((h) => ({ status: esc(h.status), since: h.since, ...(h.type !== undefined ? { type: esc(h.type) } : {}) })),
          }));
          // Beside the genuine services, others can only add trust for what they vouch for, never take it away.
          const file = listFile(`fuzz-${n++}.xml`, [...(withGenuine ? genuineServices() : []), ...fuzzed]);
          let lists: TrustedListAnchors;
          try {
            lists = await anchors([file]);
          } catch (e) {
            expect(e).toBeInstanceOf(SealcheckError);
            seen.add(`refused ${(e as SealcheckError).code}`);
            return;
          }
          const r = await verifyArchive({ evidence: EVIDENCE, originals: ORIGINALS, trustedLists: lists });
          seen.add(r.indication);
          if (withGenuine) expect(r.indication).toBe("TOTAL-PASSED");
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 40), seed: Number(process.env.FUZZ_SEED ?? 29) },
      );
      expect([...seen]).toEqual(expect.arrayContaining(["TOTAL-PASSED", "INDETERMINATE"]));
    },
  );

  it("a national list whose signer a pinned LOTL announces", async () => {
    const lotl = listFile(
      "eu-lotl.xml",
      [],
      {
        lotl: true,
        territory: "EU",
        pointers: [{ territory: "DK", tslType: "EUgeneric", location: "https://tl.example.test/DK.xml", certificates: [K.lister.der] }],
      },
      K.lotl,
    );
    const lists = await anchors([listFile("dk-via-lotl.xml", genuineServices())], [K.lotl], [lotl]);
    expect(lists.lists[0]!.signerTrustedBy).toMatch(/list of lists/);
    // The list's own signer, and the pinned LOTL signer its trust rests on (a14 X1i).
    const sha = (der: Uint8Array) => createHash("sha256").update(der).digest("hex").toUpperCase();
    expect(lists.lists[0]).toMatchObject({ signer: { sha256: sha(K.lister.der) }, pinned: { sha256: sha(K.lotl.der), file: null } });
    const r = await verifyArchive({ evidence: EVIDENCE, originals: ORIGINALS, trustedLists: lists });
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(renderArchiveHuman(r, { colour: false })).toMatch(/Pinned SHA-256\n {9}[0-9A-F]{64}/);
    // Without the LOTL, the national list's signer is not trusted.
    await expect(anchors([join(dir, "dk-via-lotl.xml")], [K.lotl])).rejects.toMatchObject({ code: "ERR_TRUST_STORE" });
  });

  it("verify-batch's threads take the anchors as data, and a list changes the run key", async () => {
    const lists = await anchors([listFile("dk-batch.xml", genuineServices())]);
    const out = [];
    for await (const r of verifyMany(discoverArchives(["samples/valid"]), { trustedLists: lists, workers: 1 })) out.push(r);
    expect(out.map((r) => r.indication)).toContain("TOTAL-PASSED");
    expect(runKey({ trustedLists: lists })).not.toBe(runKey({}));
  });

  it("--trusted-list with --token: the --token copy is verified with the lists too (it was INDETERMINATE/NO_CERTIFICATE_CHAIN_FOUND)", async () => {
    const lists = await anchors([listFile("dk-token.xml", genuineServices())]);
    const token = "samples/valid/workflowtoken.json";
    const r = await verifyArchive({ evidence: EVIDENCE, originals: ORIGINALS, trustedLists: lists, crossCheckToken: token });
    expect([r.indication, check(r, "token-cross-check").status]).toEqual(["TOTAL-PASSED", "passed"]);
    const cli = runCli([
      "verify",
      EVIDENCE,
      ...ORIGINALS,
      "--trusted-list",
      join(dir, "dk-token.xml"),
      "--tl-signer",
      join(dir, "lister.pem"),
      "--token",
      token,
      "--json",
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(check(JSON.parse(cli.stdout) as { checks: Check[] }, "token-cross-check").status).toBe("passed");
  });

  it("the CLI: --trusted-list with --tl-signer passes; --lotl without a list is a usage error; a failed list exits 3 naming it", async () => {
    listFile("dk-cli.xml", genuineServices());
    const ok = runCli(["verify", EVIDENCE, ...ORIGINALS, "--trusted-list", join(dir, "dk-cli.xml"), "--tl-signer", join(dir, "lister.pem"), "--json"]);
    expect(ok.code, ok.stderr).toBe(0);
    expect((JSON.parse(ok.stdout) as { verification: { trustedLists: unknown[] } }).verification.trustedLists).toHaveLength(1);
    const html = join(dir, "statement.html");
    const human = runCli([
      "verify",
      EVIDENCE,
      ...ORIGINALS,
      "--trusted-list",
      join(dir, "dk-cli.xml"),
      "--tl-signer",
      join(dir, "lister.pem"),
      "--report",
      html,
    ]);
    expect(human.stdout).toMatch(/Trusted lists \(1\)\n {2}1\. .*dk-cli\.xml\n {5}List +DK trusted list #49/);
    // The pinned signer with its SHA-256 and file, and the services that decided (a14 X1i).
    expect(human.stdout).toMatch(/Signer SHA-256\n {9}[0-9A-F]{64}\n {5}Pinned from +lister\.pem \(--tl-signer\)/);
    expect(human.stdout).toMatch(/Decides +the seal, through its service "Test seal CA"/);
    expect(human.stdout).toContain("none given with --trust: only the trusted lists' services below");
    expect(readFileSync(html, "utf8")).toContain("<h2>Trusted lists (1)</h2>");
    const usage = runCli(["verify", EVIDENCE, "--lotl", join(dir, "eu-lotl.xml")]);
    expect([usage.code, usage.stderr]).toEqual([3, expect.stringContaining("--lotl, --tl-signer and --tl-min-sequence are for --trusted-list")]);
    const bad = runCli(["verify", EVIDENCE, "--trusted-list", join(dir, "dk-cli.xml"), "--tl-signer", join(dir, "lotl.pem")]);
    expect([bad.code, bad.stderr]).toEqual([3, expect.stringContaining("dk-cli.xml: the trusted list did not verify")]);
    const batch = runCli(["verify-batch", "samples/valid", "--trusted-list", join(dir, "dk-cli.xml"), "--tl-signer", join(dir, "lister.pem"), "--json"]);
    // Both PAdES forms pass; the Workflow-token JSON has no proof of existence and is judged as of now (attack36 J1).
    expect(batch.code, batch.stderr).toBe(2);
    expect(JSON.parse(batch.stdout)).toMatchObject({
      byIndication: { "TOTAL-PASSED": 2, INDETERMINATE: 1 },
      notPassed: [{ evidence: "samples/valid/workflowtoken.json", subIndication: "REVOCATION_OUT_OF_BOUNDS_NO_POE" }],
    });
  });
});

describe.skipIf(!REAL_LISTS)("real trusted lists as anchors (../shared/tl)", () => {
  it("Denmark's, Norway's, Spain's and Sweden's lists of 2019 through the LOTL it points from: their CA and TSA services", { timeout: 60_000 }, async () => {
    const lists = await loadTrustedListAnchors({
      lists: ["DK", "NO", "ES", "SE"].map((t) => `../shared/tl/${t}.xml`),
      lotls: ["../shared/tl/EU.xml"],
      signers: [readFileSync("test/fixtures/tl/lotl-signer-2019.pem")],
    });
    expect(lists.lists.map((l) => [l.territory, l.signerTrustedBy])).toEqual(
      ["DK", "NO", "ES", "SE"].map((t) => [t, "the list of lists #248 (../shared/tl/EU.xml)"]),
    );
    expect(lists.lists.every((l) => l.speaksUntil !== null && l.speaksUntil > l.issued!)).toBe(true);
    // Spain's list names Firmaprofesional's qualified time-stamping, which vouches for timestamps only.
    const firma = lists.anchors.filter((a) => /firmaprofesional/i.test(a.source.provider ?? ""));
    const roles = new Set(firma.flatMap((a) => a.windows.map((w) => w.role)));
    expect(roles).toEqual(new Set(["seal", "token", "tsa"]));
    for (const a of firma) for (const w of a.windows) expect(w.role === "tsa").toBe(/\/TSA/.test(w.type));
    // The broker's example archive is of its test environment, whose CAs are on no list: with the lists alone
    // its seal finds no anchor; its own anchors beside the lists still pass it.
    const real = "test/fixtures/real/broker-example";
    // At its sealing time (its seal certificate has expired since; test/real/broker-example.test.ts).
    const at = "2025-12-08T09:35:10Z";
    let r = await verifyArchive({ evidence: `${real}/archive.pdf`, trustedLists: lists, at });
    expect([r.indication, check(r, "seal-certificate").subIndication]).toEqual(["INDETERMINATE", "NO_CERTIFICATE_CHAIN_FOUND"]);
    r = await verifyArchive({ evidence: `${real}/archive.pdf`, trust: [`${real}/trust`], trustedLists: lists, at });
    expect(r.indication).toBe("TOTAL-PASSED");
  });
});

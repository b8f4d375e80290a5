// What TS 119 612 means by a list's statuses and by the LOTL chain, each rule with a list signed by test keys
// that an attacker (or a real operator's slip) could present: the status history read in the standard's order,
// only the newest of several lists of one territory speaking, a pinned signer starting the LOTL chain only,
// and a list of lists vouching only while it is current.
import { beforeAll, describe, expect, it } from "vitest";
import { loadTrustedListAnchors, verifyTrustedList, type TrustedListReport } from "../../src/trustlist/index.js";
import { buildList, makeIdentities, sign, type Identity, type ListSpec, type Pointer, type ServiceSpec } from "./sign.js";

const day = 86_400_000;
let K: Record<"lister" | "lotl" | "next" | "other", Identity>;
let issued: Date;

beforeAll(async () => {
  K = await makeIdentities({ lister: 2048, lotl: 2048, next: 2048, other: 2048 });
  issued = new Date(Math.max(...Object.values(K).map((i) => i.notBefore.getTime())) + 3_600_000);
});

const CA = () => new Uint8Array(K.other.der);
const T2016 = new Date("2016-07-01T00:00:00Z");
const T2020 = new Date("2020-07-01T00:00:00Z");

function list(services: ServiceSpec[], o: Partial<ListSpec> = {}, signer: Identity = K.lister): string {
  return sign(buildList({ territory: "DK", issued, nextUpdate: new Date(issued.getTime() + 180 * day), services, ...o }), signer);
}
const input = (xml: string, file: string) => ({ bytes: Buffer.from(xml), file });
const check = (r: TrustedListReport, id: string) => r.checks.find((c) => c.id === id)!;
const windowsOf = async (xml: string) => {
  const a = await loadTrustedListAnchors({ lists: [input(xml, "dk.xml")], signers: [K.lister.der] });
  return a.anchors.flatMap((x) => x.windows.map((w) => `${w.role} ${w.from.slice(0, 10)}..${w.to?.slice(0, 10)} ${w.status.replace(/.*\//, "")}`));
};

describe("the status history, as TS 119 612 orders it", () => {
  it("withdrawn at the very instant a history entry says granted: the current status wins, the CA anchors nothing then", async () => {
    // France's list carries such a CA: withdrawn 2016, its history granted from the same instant.
    const s: ServiceSpec = { type: "CA/QC", name: "CA", certificate: CA(), status: "withdrawn", since: T2016, history: [{ status: "granted", since: T2016 }] };
    expect(await windowsOf(list([s]))).toEqual([]);
    // With an earlier grant, it vouched until the withdrawal and not after.
    const earlier = {
      ...s,
      history: [
        { status: "granted", since: T2016 },
        { status: "granted", since: new Date("2010-01-01T00:00:00Z") },
      ],
    };
    expect(await windowsOf(list([earlier]))).toEqual(["seal 2010-01-01..2016-07-01 granted", "token 2010-01-01..2016-07-01 granted"]);
  });

  it("a history entry dated after the current status: the list is malformed, tl-structure FORMAT_FAILURE, and gives no anchors", async () => {
    const s: ServiceSpec = { type: "CA/QC", name: "CA", certificate: CA(), status: "withdrawn", since: T2016, history: [{ status: "granted", since: T2020 }] };
    const xml = list([s]);
    const r = await verifyTrustedList(input(xml, "dk.xml"), { signers: [K.lister.der] });
    expect([r.indication, r.subIndication, check(r, "tl-structure").status]).toEqual(["TOTAL-FAILED", "FORMAT_FAILURE", "failed"]);
    expect(check(r, "tl-structure").message).toMatch(
      /status history contradicts .*TSPService\[1\]: a ServiceHistoryInstance starts at 2020-07-01T00:00:00.000Z, after the current status's StatusStartingTime 2016-07-01/,
    );
    expect(r.providers).toBeNull();
    await expect(loadTrustedListAnchors({ lists: [input(xml, "dk.xml")], signers: [K.lister.der] })).rejects.toMatchObject({
      code: "ERR_TRUST_STORE",
      message: expect.stringContaining("status history contradicts"),
    });
  });
});

describe("several lists of one territory: only the newest speaks", () => {
  it("the older list's granted CA, which the newer one withdrew, anchors nothing; the older list is reported superseded", async () => {
    const granted: ServiceSpec = { type: "CA/QC", name: "CA", certificate: CA(), status: "granted", since: T2016 };
    const withdrawn: ServiceSpec = { ...granted, status: "withdrawn", since: T2020, history: [{ status: "granted", since: T2016 }] };
    const old = input(list([granted], { sequence: "49" }), "dk-49.xml");
    const neu = input(list([withdrawn], { sequence: "50" }), "dk-50.xml");
    for (const lists of [
      [old, neu],
      [neu, old],
    ]) {
      const a = await loadTrustedListAnchors({ lists, signers: [K.lister.der] });
      const after2020 = a.anchors.filter((x) => x.windows.some((w) => w.to === null || Date.parse(w.to) > T2020.getTime()));
      expect(after2020).toEqual([]);
      expect(a.anchors.map((x) => x.source.list)).toEqual(["dk-50.xml", "dk-50.xml"].slice(0, a.anchors.length));
      const o = a.lists.find((l) => l.file === "dk-49.xml")!;
      expect(o).toMatchObject({ anchors: 0, supersededBy: "dk-50.xml (#50)" });
      expect(a.lists.find((l) => l.file === "dk-50.xml")!.supersededBy).toBeUndefined();
    }
    // Another territory's list is no successor.
    const se = input(list([granted], { sequence: "50", territory: "SE" }), "se-50.xml");
    const both = await loadTrustedListAnchors({ lists: [old, se], signers: [K.lister.der] });
    expect(both.lists.map((l) => l.supersededBy)).toEqual([undefined, undefined]);
  });

  it("an older list that no longer verifies (its signer since replaced) beside its verified successor: superseded, not an error", async () => {
    const granted: ServiceSpec = { type: "CA/QC", name: "CA", certificate: CA(), status: "granted", since: T2016 };
    const old = input(list([granted], { sequence: "48" }, K.next), "dk-48.xml");
    const neu = input(
      list([{ ...granted, status: "withdrawn", since: T2020, history: [{ status: "granted", since: T2016 }] }], { sequence: "50" }),
      "dk-50.xml",
    );
    const a = await loadTrustedListAnchors({ lists: [old, neu], signers: [K.lister.der] });
    expect(a.lists.map((l) => [l.file, l.anchors, l.supersededBy ?? null])).toEqual([
      ["dk-48.xml", 0, "dk-50.xml (#50)"],
      ["dk-50.xml", 1, null],
    ]);
    // Alone, or beside an older list only, it is the error it was.
    await expect(loadTrustedListAnchors({ lists: [old], signers: [K.lister.der] })).rejects.toMatchObject({ code: "ERR_TRUST_STORE" });
    const older = input(list([granted], { sequence: "47" }), "dk-47.xml");
    await expect(loadTrustedListAnchors({ lists: [older, old], signers: [K.lister.der] })).rejects.toMatchObject({ code: "ERR_TRUST_STORE" });
  });

  it("two different lists of one territory with one sequence number: refused, neither can be told to speak", async () => {
    const granted: ServiceSpec = { type: "CA/QC", name: "CA", certificate: CA(), status: "granted", since: T2016 };
    const a = input(list([granted], { sequence: "49" }), "a.xml");
    const b = input(list([{ ...granted, status: "withdrawn" }], { sequence: "49" }), "b.xml");
    await expect(loadTrustedListAnchors({ lists: [a, b], signers: [K.lister.der] })).rejects.toMatchObject({
      code: "ERR_TRUST_STORE",
      message: expect.stringMatching(/two different trusted lists of DK both numbered #49/),
    });
    // The same file twice is one list.
    const twice = await loadTrustedListAnchors({ lists: [a, { ...a, file: "a-copy.xml" }], signers: [K.lister.der] });
    expect(twice.lists.map((l) => l.supersededBy ?? null)).toEqual([null, "a.xml (#49)"]);
  });
});

describe("the LOTL chain", () => {
  const self = (...certs: Identity[]): Pointer => ({
    territory: "EU",
    tslType: "EUlistofthelists",
    location: "https://lotl.example.test/eu-lotl.xml",
    certificates: certs.map((c) => c.der),
  });
  const dk = (): Pointer => ({ territory: "DK", tslType: "EUgeneric", location: "https://tl.example.test/DK.xml", certificates: [K.lister.der] });
  const lotl = (sequence: string, pointers: Pointer[], by: Identity, o: Partial<ListSpec> = {}) =>
    list([], { lotl: true, territory: "EU", sequence, pointers, ...o }, by);
  const dkList = (o: Partial<ListSpec> = {}) => list([{ type: "CA/QC", name: "CA", certificate: CA(), status: "granted", since: T2016 }], o);

  it("a pinned certificate starts the chain only: a later LOTL signed with it, which its predecessor no longer announces, vouches for nothing", async () => {
    // LOTL 1, signed by the pinned key, announces its successor's key "next" (not itself any more).
    const one = input(lotl("1", [self(K.next), dk()], K.lotl), "lotl-1.xml");
    const good = input(lotl("2", [self(K.next), dk()], K.next), "lotl-2.xml");
    const r = await verifyTrustedList(input(dkList(), "dk.xml"), { signers: [K.lotl.der], lotls: [one, good] });
    expect(r.indication, r.checks.map((c) => c.message).join("\n")).toBe("TOTAL-PASSED");
    expect(r.lotlChain.map((l) => [l.sequenceNumber, l.trustedBy])).toEqual([
      [1, "pinned"],
      [2, "the list of lists #1 (lotl-1.xml)"],
    ]);
    // The old pinned key signs a LOTL 2 of its own.
    const rogue = input(lotl("2", [self(K.lotl), dk()], K.lotl), "lotl-2-rogue.xml");
    const bad = await verifyTrustedList(input(dkList(), "dk.xml"), { signers: [K.lotl.der], lotls: [one, rogue] });
    expect(bad.lotlChain.map((l) => [l.sequenceNumber, l.indication, l.trustedBy])).toEqual([
      [1, "TOTAL-PASSED", "pinned"],
      [2, "INDETERMINATE", null],
    ]);
    expect(bad.lotlChain[1]!.message).toMatch(/announces 1 other certificate/);
    expect([bad.indication, bad.subIndication]).toEqual(["INDETERMINATE", "NO_CERTIFICATE_CHAIN_FOUND"]);
    // Nor does it vouch when it is the list under verification.
    const target = await verifyTrustedList(rogue, { signers: [K.lotl.der], lotls: [one] });
    expect([target.indication, target.subIndication]).toEqual(["INDETERMINATE", "NO_CERTIFICATE_CHAIN_FOUND"]);
  });

  it("without --at, a LOTL whose NextUpdate passed before the list was issued vouches for nothing; with anchors, no service outlives the LOTL", async () => {
    const lotl1 = input(lotl("1", [self(K.lotl), dk()], K.lotl), "lotl-1.xml");
    // The national list is issued 200 days after the LOTL, whose NextUpdate is 180 days after its issue.
    const late = input(dkList({ issued: new Date(issued.getTime() + 200 * day), nextUpdate: new Date(issued.getTime() + 380 * day) }), "dk-late.xml");
    const r = await verifyTrustedList(late, { signers: [K.lotl.der], lotls: [lotl1] });
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "NO_CERTIFICATE_CHAIN_FOUND"]);
    expect(check(r, "tl-signer").message).toMatch(/#1 \(lotl-1.xml\) was due to be replaced at .*, before this list was issued/);
    // With --at inside both, the LOTL's own tl-freshness already decides: after its NextUpdate it fails.
    const at = new Date(issued.getTime() + 250 * day);
    expect((await verifyTrustedList(late, { signers: [K.lotl.der], lotls: [lotl1], at })).lotlChain[0]!.subIndication).toBe("TRY_LATER");
    // A list current while the LOTL was: vouched for, and its services vouch no later than the LOTL speaks.
    const ok = input(dkList({ nextUpdate: new Date(issued.getTime() + 365 * day) }), "dk.xml");
    expect((await verifyTrustedList(ok, { signers: [K.lotl.der], lotls: [lotl1] })).indication).toBe("TOTAL-PASSED");
    const a = await loadTrustedListAnchors({ lists: [ok], lotls: [lotl1], signers: [K.lotl.der] });
    const lotlNext = new Date(issued.getTime() + 180 * day).toISOString();
    expect(a.lists[0]!.speaksUntil).toBe(lotlNext);
    expect(new Set(a.anchors.flatMap((x) => x.windows.map((w) => w.to)))).toEqual(new Set([lotlNext]));
  });
});

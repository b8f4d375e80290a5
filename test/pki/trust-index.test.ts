// A trust store's indexes belong to the store as the session holds it (indexTrustStore): built once when the
// session is made, frozen, never filled later; no module keeps a table about a store. The look-ups through
// them answer as their definitions do.
import { describe, expect, it } from "vitest";
import { createSession } from "../../src/verify/session.js";
import { anchorsFor, indexTrustStore, listServiceOf, loadCertificates, type TrustRole, type TrustStore } from "../../src/pki/trust-store.js";
import { relevantAnchors } from "../../src/pki/chain.js";
import { thumbprint } from "../../src/pki/certificate.js";

const certs = (...files: string[]) => loadCertificates(files, "test");
const ALL = certs("samples/pki", "samples/trust", "test/fixtures/real/broker-example/trust", "test/fixtures/tl");
const day = 86_400_000;
const T0 = Date.parse("2020-01-01T00:00:00Z");
const iso = (t: number) => new Date(t).toISOString();
const ROLES: TrustRole[] = ["seal", "tsa", "token"];

/** A store whose list anchors vouch for roles in windows of their own (some open, some repeated). */
function storeWithLists(): TrustStore {
  const [general, own] = [certs("samples/trust/seal-root.pem"), certs("samples/trust/tsa-root.pem")];
  const listAnchors = ALL.slice(0, 12).map((cert, i) => ({
    cert,
    windows: [
      { role: ROLES[i % 3]!, from: iso(T0 + i * day), to: i % 4 === 0 ? null : iso(T0 + (i + 5) * day), status: "granted", type: "CA/QC" },
      { role: ROLES[(i + 1) % 3]!, from: iso(T0 + 2 * i * day), to: iso(T0 + (2 * i + 1) * day), status: "granted", type: "TSA/QTST" },
    ],
    source: { list: `list-${i}.xml`, territory: "DK", sequenceNumber: i, provider: null, service: `service ${i}` },
  }));
  // The general anchor listed too: anchorsFor gives it once.
  listAnchors.push({ ...listAnchors[1]!, cert: general[0]! });
  // A window whose start is no time: never in force, and no edge of the periods.
  listAnchors.push({ ...listAnchors[5]!, cert: ALL.at(-1)!, windows: [{ ...listAnchors[5]!.windows[0]!, from: "not a time" }] });
  return { anchors: general, intermediates: [], roleAnchors: { tsa: own }, listAnchors, trustedLists: [] };
}

/**
 * anchorsFor by its definition: general, the role's own, the lists' in force at `at`; each certificate once.
 * For TSAs, anchors of their own replace the general ones (attack36 T1).
 */
function naive(store: TrustStore, role: TrustRole, at?: Date): string[] {
  const own = store.roleAnchors?.[role] ?? [];
  const base = role === "tsa" && own.length ? own : [...store.anchors, ...own];
  const listed = at
    ? (store.listAnchors ?? [])
        .filter((a) => a.windows.some((w) => w.role === role && Date.parse(w.from) <= at.getTime() && (w.to === null || at.getTime() < Date.parse(w.to))))
        .map((a) => a.cert)
    : [];
  return [...new Set([...base, ...listed].map((c) => thumbprint(c, "sha256")))];
}

describe("a trust store's indexes", () => {
  it("the session's store is a frozen copy with its indexes; the caller's store is neither frozen nor read again", () => {
    const given = storeWithLists();
    const session = createSession({ trustStore: given });
    const s = session.trust;
    for (const o of [
      s,
      s.anchors,
      s.intermediates,
      s.roleAnchors,
      s.roleAnchors!.tsa,
      s.listAnchors,
      s.listAnchors![0],
      s.listAnchors![0]!.windows,
      s.index,
      s.index.base,
      s.index.lists,
      s.index.anchors,
    ])
      expect(Object.isFrozen(o)).toBe(true);
    expect(Object.isFrozen(given.anchors)).toBe(false);
    const before = anchorsFor(s, "seal", new Date(T0 + 3 * day)).length;
    given.anchors.push(...certs("samples/trust/token-root.pem"));
    given.listAnchors![3]!.windows[0]!.to = null;
    expect(anchorsFor(s, "seal", new Date(T0 + 3 * day))).toHaveLength(before);
    expect(s.anchors).toHaveLength(1);
  });

  it("anchorsFor answers as its definition at every edge of every window, and without a time (asked in any order)", () => {
    const given = storeWithLists();
    const s = indexTrustStore(given);
    const edges = (given.listAnchors ?? [])
      .flatMap((a) => a.windows.flatMap((w) => [Date.parse(w.from), ...(w.to ? [Date.parse(w.to)] : [])]))
      .filter((t) => !Number.isNaN(t));
    // Late instants first: each interval's answer is kept when first asked, and must hold for every instant of it.
    edges.sort((x, y) => y - x);
    for (const role of ROLES) {
      expect(
        anchorsFor(s, role).map((c) => thumbprint(c, "sha256")),
        role,
      ).toEqual(naive(given, role));
      for (const t of edges.flatMap((e) => [e - 1, e, e + 1])) {
        const at = new Date(t);
        expect(
          anchorsFor(s, role, at).map((c) => thumbprint(c, "sha256")),
          `${role} ${at.toISOString()}`,
        ).toEqual(naive(given, role, at));
      }
    }
  });

  it("listServiceOf finds the service by certificate or SHA-256, only inside its window", () => {
    const given = storeWithLists();
    const s = indexTrustStore(given);
    const a = given.listAnchors![2]!;
    const w = a.windows[0]!;
    const inside = new Date(Date.parse(w.from) + 1000);
    expect(listServiceOf(s, a.cert, w.role, inside)).toMatchObject({ service: "service 2", from: w.from, role: w.role });
    expect(listServiceOf(s, thumbprint(a.cert, "sha256").toLowerCase(), w.role, inside)).toMatchObject({ service: "service 2" });
    expect(listServiceOf(s, a.cert, w.role, new Date(Date.parse(w.from) - 1))).toBeNull();
    expect(listServiceOf(s, a.cert, w.role, new Date(Date.parse(w.to!)))).toBeNull();
  });

  it("relevantAnchors with a trust store's index (of more certificates) keeps what it keeps without one", () => {
    const s = indexTrustStore({ anchors: ALL, intermediates: [] });
    for (const leaf of ["seal", "tsa", "tokenSigner", "ocspResponder"]) {
      const [cert] = certs(`samples/pki/${leaf}.pem`);
      for (const anchors of [ALL, ALL.slice(3), ALL.filter((_, i) => i % 2 === 0)]) {
        expect(relevantAnchors(anchors, [cert!], s.index.anchors), leaf).toEqual(relevantAnchors(anchors, [cert!]));
      }
    }
  });
});

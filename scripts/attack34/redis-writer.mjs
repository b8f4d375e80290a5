// A Redis writer WITHOUT the result key (what anyone with access to the shared Redis can do).
// usage: node redis-writer.mjs <redis-url> <prefix:queue> snapshot <file>
//        node redis-writer.mjs <redis-url> <prefix:queue> restore <file>
import { readFileSync, writeFileSync } from "node:fs";
import { Redis } from "ioredis";
const [url, scope, op, file] = process.argv.slice(2);
const r = new Redis(url);
const results = `${scope}:sealcheck:results`;
try {
  if (op === "snapshot") {
    // Every archive record and every result entry, as they are now (read access is enough).
    const keys = await r.keys(`${scope}:sealcheck:a:*`);
    const recs = {};
    for (const k of keys) recs[k] = await r.hgetall(k);
    const entries = await r.xrange(results, "-", "+");
    writeFileSync(file, JSON.stringify({ recs, entries }, null, 1));
    console.log(`snapshot: ${keys.length} record(s), ${entries.length} entr(y/ies)`);
  } else if (op === "restore") {
    const { recs, entries } = JSON.parse(readFileSync(file, "utf8"));
    for (const [k, old] of Object.entries(recs)) {
      const id = k.split(":").at(-1);
      const e = entries.find(([, f]) => f[f.indexOf("job") + 1] === id);
      if (!e) continue;
      // Drop whatever the current enqueue wrote for this archive, put the old enqueue's signed record back
      // (nonce, index and their MAC), replay the old signed entry, point the record at it. 'r' is not MACed.
      const now = await r.xrange(results, "-", "+");
      for (const [eid, f] of now) if (f[f.indexOf("job") + 1] === id) await r.xdel(results, eid);
      const fields = e[1];
      const nid = await r.xadd(results, "*", ...fields);
      await r.hset(k, "n", old.n, "i", old.i, "m", old.m, "r", nid);
      await r.hdel(k, "x"); // nothing else needed
      console.log(`restored ${id}: nonce ${old.n.slice(0, 8)}.., entry ${nid}`);
    }
  }
} finally {
  r.disconnect();
}

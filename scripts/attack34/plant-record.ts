// A Redis writer WITHOUT the result key plants, before `queue add`, a record for an archive it wants skipped,
// naming a "job" key it creates: `queue add` counts the archive as "already in queue" and neither adds a job
// nor puts it into the enqueued set, so no reader ever accounts for it.
// usage: npx tsx plant-record.ts <redis-url> <prefix:queue> <run key> <evidence> <originals...>
import { Redis } from "ioredis";
import { jobIdFor } from "../../src/queue/job.js";
const [url, scope, run, evidence, ...originals] = process.argv.slice(2) as [string, string, string, string, ...string[]];
const id = jobIdFor({ evidence, originals }, run);
const r = new Redis(url);
await r.hset(`${scope}:decoy`, "data", "{}"); // any key at <prefix>:<queue>:<g> "exists"; not in the completed set
await r.hset(`${scope}:sealcheck:a:${id}`, "g", "decoy");
console.log(`planted record for ${id} (${evidence})`);
r.disconnect();

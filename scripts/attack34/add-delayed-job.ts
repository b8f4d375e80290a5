// A Redis writer (no key) adds one job delayed by ten years, naming no archive: `queue wait` counts it as work
// left and follows until it runs. usage: npx tsx add-delayed-job.ts <redis-url> <queue>
import { Queue } from "bullmq";
const [url, name] = process.argv.slice(2) as [string, string];
const u = new URL(url);
const q = new Queue(name, { connection: { host: u.hostname, port: Number(u.port) } });
await q.add("verify", { v: 3 }, { jobId: "g-decoy", delay: 10 * 365 * 24 * 3600 * 1000 });
console.log("added a job delayed by 10 years");
await q.close();

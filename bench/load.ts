/**
 * A small HTTP load generator, run as its own process: `connections` keep-alive
 * connections each send requests back to back for `seconds`. Prints
 * `{"rps": ..., "errors": ...}`.
 * Usage: tsx bench/load.ts URL TOKEN CONNECTIONS SECONDS
 */
import { Agent, request } from 'node:http';

const [url = '', token = '', connections = '8', seconds = '3'] = process.argv.slice(2);
const agent = new Agent({ keepAlive: true, maxSockets: Number(connections) });
const target = new URL(url);
let done = 0;
let errors = 0;
let running = true;

function once(): Promise<void> {
  return new Promise((resolve) => {
    const req = request(target, { agent, headers: { 'PRIVATE-TOKEN': token } }, (res) => {
      if (res.statusCode !== 200) errors++;
      res.resume();
      res.on('end', () => {
        done++;
        resolve();
      });
    });
    req.on('error', () => {
      errors++;
      resolve();
    });
    req.end();
  });
}

async function loop(): Promise<void> {
  while (running) await once();
}

// Warm up the connections, then count.
const warm = Array.from({ length: Number(connections) }, loop);
await new Promise((r) => setTimeout(r, 500));
const start = performance.now();
const startCount = done;
await new Promise((r) => setTimeout(r, Number(seconds) * 1000));
const rps = ((done - startCount) * 1000) / (performance.now() - start);
running = false;
await Promise.all(warm);
agent.destroy();
console.log(JSON.stringify({ rps, errors }));

/**
 * mockttp (the closest peer users pick for a mock HTTP server in Node) replaying answers, for
 * `server-throughput`: the same status, headers and bytes as the bare server, one rule per request
 * target. Prints `ready <url>`.
 * Usage: tsx bench/mockttp-server.ts routes-file (the routes file of `fixed-server.ts --routes`).
 */
import { readFileSync } from 'node:fs';
import { getLocal } from 'mockttp';

const routes = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as Record<
  string,
  { headers: Record<string, string>; body: string }
>;
// Its defaults but one: `recordTraffic` keeps every request and answer in memory for `getSeenRequests()`,
// which under a benchmark's load grows without end; with it off mockttp is at its fastest.
const server = getLocal({ recordTraffic: false });
await server.start();
// A rule without a query matches any query: the targets with one first.
const targets = Object.entries(routes).sort(([a], [b]) => Number(b.includes('?')) - Number(a.includes('?')));
for (const [target, { headers: replayed, body }] of targets) {
  // As the bare server sends it: mockttp writes the headers it is given and no length of its own, which leaves a
  // kept-alive client waiting for the end of the body.
  const headers = { ...replayed, 'content-length': String(Buffer.byteLength(body)) };
  const [path = target, query] = target.split('?');
  const rule = server.forGet(path);
  await (query === undefined
    ? rule.thenReply(200, body, headers)
    : rule.withExactQuery(`?${query}`).thenReply(200, body, headers));
}
// Over IPv4 loopback, as the other servers (its own `url` names `localhost`).
console.log(`ready http://127.0.0.1:${server.port}`);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));

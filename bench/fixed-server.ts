/**
 * A bare node:http server that answers every request with the same bytes:
 * the limit the SDK and the mock are measured against. Prints `ready <url>`;
 * `GET /__cpu` answers its CPU time (µs) and the requests it has served.
 * Usage: tsx bench/fixed-server.ts [body-file]
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { milestonesBody } from './lib.js';

const body = Buffer.from(process.argv[2] ? readFileSync(process.argv[2], 'utf8') : milestonesBody());
const headers = {
  'content-type': 'application/json',
  'content-length': String(body.length),
  'x-page': '1',
  'x-per-page': '20',
  'x-total': '20',
  'x-total-pages': '1',
  'x-next-page': '',
  'x-prev-page': '',
};
let requests = 0;
const server = createServer((req, res) => {
  req.resume();
  // The server's own CPU time and request count, so a benchmark can show the server is not the limit.
  if (req.url === '/__cpu') {
    const { user, system } = process.cpuUsage();
    res.end(JSON.stringify({ cpu: user + system, requests }));
    return;
  }
  requests++;
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`ready http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

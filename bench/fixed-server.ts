/**
 * A bare node:http server that answers every request with the same bytes:
 * the limit the SDK and the mock are measured against. Prints `ready <url>`;
 * `GET /__cpu` answers its CPU time (µs) and the requests it has served.
 * Usage: tsx bench/fixed-server.ts [body-file [headers-file]]: the headers file
 * is a JSON object of the headers to replay (a server's exact answer); without
 * one, GitLab's headers of a 20-milestone page.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { milestonesBody } from './lib.js';

const [bodyFile, headersFile] = process.argv.slice(2);
const body = Buffer.from(bodyFile ? readFileSync(bodyFile, 'utf8') : milestonesBody());
const headers: Record<string, string> = headersFile
  ? (JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>)
  : {
      'content-type': 'application/json',
      'x-page': '1',
      'x-per-page': '20',
      'x-total': '20',
      'x-total-pages': '1',
      'x-next-page': '',
      'x-prev-page': '',
    };
headers['content-length'] = String(body.length);
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

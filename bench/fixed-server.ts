/**
 * A bare node:http server that answers every request with the same bytes:
 * the limit the SDK and the mock are measured against. Prints `ready <url>`;
 * `GET /__cpu` answers its CPU time (µs) and the requests it has served.
 * Usage: tsx bench/fixed-server.ts [body-file [headers-file]]: the headers file
 * is a JSON object of the headers to replay (a server's exact answer); without
 * one, GitLab's headers of a 20-milestone page.
 * Or: tsx bench/fixed-server.ts --routes routes-file: a JSON object of answers by
 * request target (path and query), `{ "/api/v4/...": { "headers": {...}, "body": "..." } }`,
 * each replayed for its target (the first for any other target).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { milestonesBody } from './lib.js';

/** An answer to replay: its headers (content-length added here) and its bytes. */
interface Answer {
  headers: Record<string, string>;
  body: Buffer;
}

function answerOf(body: string, headers: Record<string, string>): Answer {
  const bytes = Buffer.from(body);
  return { headers: { ...headers, 'content-length': String(bytes.length) }, body: bytes };
}

function answers(args: string[]): Map<string, Answer> {
  const [first, second] = args;
  if (first === '--routes') {
    const routes = JSON.parse(readFileSync(second as string, 'utf8')) as Record<
      string,
      { headers: Record<string, string>; body: string }
    >;
    return new Map(Object.entries(routes).map(([target, { headers, body }]) => [target, answerOf(body, headers)]));
  }
  const body = first ? readFileSync(first, 'utf8') : milestonesBody();
  const headers: Record<string, string> = second
    ? (JSON.parse(readFileSync(second, 'utf8')) as Record<string, string>)
    : {
        'content-type': 'application/json',
        'x-page': '1',
        'x-per-page': '20',
        'x-total': '20',
        'x-total-pages': '1',
        'x-next-page': '',
        'x-prev-page': '',
      };
  return new Map([['', answerOf(body, headers)]]);
}

const byTarget = answers(process.argv.slice(2));
const fallback = byTarget.values().next().value as Answer;
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
  const answer = byTarget.get(req.url as string) ?? fallback;
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`ready http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

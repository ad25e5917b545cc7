import type { IncomingMessage, ServerResponse } from 'node:http';
import { Journal, type JournalEntry } from '../http/journal.js';
import type { MockGitLabCore } from '../mock.js';

/**
 * `GET /__mock/requests/stream`: the request journal as Server-Sent Events, one `request` event per
 * entry (its `id` is the entry's `seq`, its data the entry as `GET /__mock/requests` lists it). A new
 * reader first gets the entries the journal still keeps after its `Last-Event-ID` (all of them
 * without one), then each new one. `cleared` says the journal was emptied (a reset, a state loaded).
 *
 * A reader that does not keep up never slows the API nor grows the server's memory: entries wait in
 * a queue of at most {@link STREAM_QUEUE} while the socket is full; past it they are dropped and
 * counted, and the reader gets a `missed` event `{"missed": N}` when it reads again (it can fetch
 * them from `GET /__mock/requests` while the journal keeps them).
 * @module
 */

/** Most entries waiting for one slow reader; older ones are dropped and counted as missed. */
export const STREAM_QUEUE = 256;

/** Milliseconds entries wait to go out together: well under the second a page may take to show one. */
const BATCH_MS = 50;

/** Milliseconds between the comments that keep an idle stream open through proxies. */
const KEEP_ALIVE_MS = 15_000;

/** One connected reader, as `GET /__mock/requests/streams` shows it. */
export interface StreamReader {
  /** Entries waiting for the reader to read. */
  queued: number;
  /** Entries dropped for it since it connected. */
  missed: number;
  /** Bytes node:http holds for it beyond what the socket took. */
  buffered: number;
}

const readers = new WeakMap<MockGitLabCore, Set<() => StreamReader>>();

/** The readers connected to a world's stream now. */
export function streamReaders(mock: MockGitLabCore): StreamReader[] {
  return [...(readers.get(mock) ?? [])].map((reader) => reader());
}

function event(entry: JournalEntry): string {
  return `id: ${entry.seq}\nevent: request\ndata: ${JSON.stringify(entry)}\n\n`;
}

/** Streams `mock`'s journal to `res` until the client goes. */
export function streamRequests(
  mock: MockGitLabCore,
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string>,
): void {
  const journal = mock.requests;
  if (!(journal instanceof Journal)) {
    res.writeHead(404, { ...headers, 'Content-Type': 'application/json' }).end('{"error":"404 Not Found"}');
    return;
  }
  const given = Number(req.headers['last-event-id']);
  const after = Number.isInteger(given) && given >= 0 ? given : 0;
  res.writeHead(200, {
    ...headers,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Accel-Buffering': 'no',
  });
  res.socket?.setNoDelay(true);

  const queue: string[] = [];
  let missed = 0;
  let missedSinceRead = 0;
  let waiting = false;
  let scheduled = false;

  /** Writes what waits, until the socket says it is full. */
  const flush = () => {
    scheduled = false;
    if (waiting || res.destroyed) return;
    let chunk = '';
    if (missedSinceRead > 0) {
      chunk += `event: missed\ndata: ${JSON.stringify({ missed: missedSinceRead })}\n\n`;
      missedSinceRead = 0;
    }
    chunk += queue.join('');
    queue.length = 0;
    if (chunk !== '' && !res.write(chunk)) waiting = true;
  };
  const push = (text: string) => {
    if (queue.length >= STREAM_QUEUE) {
      queue.shift();
      missed += 1;
      missedSinceRead += 1;
    }
    queue.push(text);
    // Written a little later, in one write per {@link BATCH_MS}: under load a write per request (and a
    // wake-up of the reader per write) cost the API a third of its throughput.
    if (!scheduled && !waiting) {
      scheduled = true;
      setTimeout(flush, BATCH_MS);
    }
  };
  res.on('drain', () => {
    waiting = false;
    flush();
  });

  const kept = journal.since(after);
  // Entries after the reader's last that the journal no longer keeps.
  const firstKept = kept[0]?.seq ?? journal.lastSeq + 1;
  if (firstKept > after + 1 && req.headers['last-event-id'] !== undefined) {
    missedSinceRead += firstKept - after - 1;
    missed += firstKept - after - 1;
  }
  res.write('retry: 1000\n\n');
  for (const entry of kept) push(event(entry));
  if (kept.length === 0) flush();

  const stop = journal.subscribe((entry) => push(entry ? event(entry) : 'event: cleared\ndata: {}\n\n'));
  const keepAlive = setInterval(() => {
    if (!waiting) res.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  const reader = () => ({ queued: queue.length, missed, buffered: res.writableLength });
  const set = readers.get(mock) ?? new Set();
  readers.set(mock, set);
  set.add(reader);
  res.on('close', () => {
    stop();
    clearInterval(keepAlive);
    set.delete(reader);
  });
}

import { request } from 'node:http';
import type { MockGitLab } from '../mock/index.js';
import { createMockHttpServer } from '../mock/node/index.js';

/** The mock's HTTP server on a free loopback port, for tests that need bytes no `fetch` would send. */
export async function listenOnLoopback(mock: MockGitLab): Promise<{ base: string; close: () => Promise<void> }> {
  const server = createMockHttpServer(mock);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    base: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** Sends a raw request with `token`: any method with any body, with or without a content type. */
export function sendRaw(
  base: string,
  token: string,
  method: string,
  path: string,
  body: string,
  type: string | null,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      'PRIVATE-TOKEN': token,
      'content-length': Buffer.byteLength(body),
    };
    if (type) headers['content-type'] = type;
    const req = request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Reads the journal stream's events (`GET /__mock/requests/stream`) until `until` says enough (or two seconds pass). */
export function readEvents(
  url: string,
  headers: Record<string, string>,
  until: (events: { id?: string; event: string; data: unknown }[]) => boolean,
): Promise<{ status: number; events: { id?: string; event: string; data: unknown }[] }> {
  return new Promise((resolve, reject) => {
    const events: { id?: string; event: string; data: unknown }[] = [];
    const req = request(`${url}/__mock/requests/stream`, { headers }, (res) => {
      let buffer = '';
      const done = () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, events });
      };
      const timer = setTimeout(done, 2000);
      if (res.statusCode !== 200) return done();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const parts = buffer.split('\n\n');
        buffer = parts.pop() ?? '';
        for (const part of parts) {
          const fields = Object.fromEntries(
            part.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (fields.event)
            events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data ?? 'null') });
        }
        if (until(events)) done();
      });
    });
    req.on('error', reject);
    req.end();
  });
}

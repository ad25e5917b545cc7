/**
 * The mock's bare HTTP client for webhook deliveries (GitLab's `Gitlab::HTTP`): one POST, its answer
 * read as Ruby's Net::HTTP reads it. In Node it speaks HTTP/1.1 over a plain socket (`node:net`,
 * `node:tls`), which MSW's `setupServer` does not intercept, keeping connections alive between
 * deliveries; elsewhere (the MSW browser worker) it uses `fetch`. It knows nothing of hooks, events
 * or the world: `mock/webhooks/dispatcher.ts` decides what to send and where.
 * @module
 */

/** What a receiver answered. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends one POST and resolves with the answer; rejects with Net::HTTP's words when there is none. */
export type Post = (
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  verify: boolean,
) => Promise<Answer>;

/** Whether a host is a loopback address, which the mock always may call. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** The framing headers the mock's HTTP client writes itself (the request's own length and host). */
export const CLIENT_HEADERS = ['host', 'content-length', 'transfer-encoding', 'connection'];

/** `fetch`, where there is no socket to speak HTTP over (the MSW browser worker's page). */
export const fetchPost: Post = async (url, headers, body, timeoutMs) => {
  const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) }).catch(
    (error: unknown) => {
      const name = (error as { name?: string }).name;
      throw new Error(name === 'TimeoutError' ? 'Net::ReadTimeout with #<TCPSocket:(closed)>' : String(error));
    },
  );
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
};

interface NodeSocket {
  write(data: string): void;
  on(event: string, listener: (arg: never) => void): void;
  destroy(): void;
  setNoDelay?(noDelay: boolean): void;
  ref?(): void;
  unref?(): void;
}

interface NodeNet {
  connect(options: Record<string, unknown>): NodeSocket;
}

/** A connection to a receiver, kept open between deliveries when the receiver allows it. */
interface Connection {
  socket: NodeSocket;
  /** Closed by either side: never reused. */
  closed: boolean;
  /** The delivery it carries now. */
  current: Exchange | undefined;
}

/** One request and its answer on a connection. */
interface Exchange {
  data(chunk: Uint8Array): void;
  ended(): void;
  failed(error: Error & { code?: string }): void;
}

/**
 * HTTP/1.1 over `node:net` (or `node:tls` for https), when the runtime has them: MSW's Node
 * interceptors cannot tell these from other sockets, and `mock.handlers` let them through, so
 * deliveries reach a real receiver even in a test that uses `setupServer`. Modules come from
 * `process.getBuiltinModule`, so bundles for browsers carry no `node:` import. Connections are kept
 * alive between deliveries to the same receiver (as Gitlab::HTTP's pool does); one that the
 * receiver closed meanwhile is replaced once, transparently.
 */
export function nodePost(): Post | undefined {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule;
  if (typeof getBuiltin !== 'function') return undefined;
  const net = getBuiltin('node:net') as NodeNet | undefined;
  const tls = getBuiltin('node:tls') as NodeNet | undefined;
  if (!net || !tls) return undefined;
  const idle = new Map<string, Connection[]>();

  const connect = (key: string, host: string, port: number, secure: boolean, verify: boolean): Connection => {
    const socket = secure
      ? tls.connect({ host, port, servername: host, rejectUnauthorized: verify })
      : net.connect({ host, port });
    socket.setNoDelay?.(true);
    const connection: Connection = { socket, closed: false, current: undefined };
    const drop = () => {
      connection.closed = true;
      const list = idle.get(key);
      const at = list?.indexOf(connection) ?? -1;
      if (list && at >= 0) list.splice(at, 1);
    };
    socket.on('data', (chunk: Uint8Array) => connection.current?.data(chunk));
    socket.on('error', (error: Error & { code?: string }) => {
      drop();
      connection.current?.failed(error);
    });
    socket.on('end', () => {
      drop();
      connection.current?.ended();
    });
    socket.on('close', () => {
      drop();
      connection.current?.ended();
    });
    return connection;
  };

  const post = (
    url: URL,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
    verify: boolean,
    fresh = false,
  ): Promise<Answer> =>
    new Promise<Answer>((resolve, reject) => {
      const secure = url.protocol === 'https:';
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const port = Number(url.port || (secure ? 443 : 80));
      const key = `${url.protocol}//${host}:${port}:${verify}`;
      const reused = fresh ? undefined : idle.get(key)?.pop();
      const connection = reused ?? connect(key, host, port, secure, verify);
      connection.socket.ref?.();
      const chunks: Uint8Array[] = [];
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        connection.current = undefined;
        outcome();
      };
      const fail = (error: Error) =>
        settle(() => {
          connection.socket.destroy();
          reject(error);
        });
      const retryOrFail = (error: Error) => {
        // A kept connection the receiver closed before this request reached it: once more on a new one.
        if (reused && chunks.length === 0) {
          settle(() => {
            connection.socket.destroy();
            post(url, headers, body, timeoutMs, verify, true).then(resolve, reject);
          });
        } else fail(error);
      };
      const timer = setTimeout(() => fail(new Error('Net::ReadTimeout with #<TCPSocket:(closed)>')), timeoutMs);
      connection.current = {
        data: (chunk) => {
          chunks.push(chunk);
          let parsed: ReturnType<typeof parseAnswer>;
          try {
            parsed = parseAnswer(chunks, false);
          } catch (error) {
            fail(error as Error);
            return;
          }
          if (!parsed) return;
          settle(() => {
            if (parsed.reusable && !connection.closed) {
              connection.socket.unref?.();
              const list = idle.get(key) ?? [];
              list.push(connection);
              idle.set(key, list);
            } else connection.socket.destroy();
            resolve(parsed.answer);
          });
        },
        ended: () => {
          // Does not throw: `data` has parsed these bytes already, and a bad chunk size settled it there.
          const parsed = parseAnswer(chunks, true);
          if (parsed) settle(() => resolve(parsed.answer));
          else retryOrFail(new Error('end of file reached'));
        },
        failed: (error) => {
          if (error.code === 'ECONNREFUSED') {
            fail(
              new Error(
                `Failed to open TCP connection to ${url.host} (Connection refused - connect(2) for "${host}" port ${port})`,
              ),
            );
          } else retryOrFail(error);
        },
      };
      const payload = new TextEncoder().encode(body);
      const lines = [
        `POST ${url.pathname}${url.search} HTTP/1.1`,
        `Host: ${url.host}`,
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
        `Content-Length: ${payload.byteLength}`,
      ];
      if (url.username) {
        const auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
        lines.push(`Authorization: Basic ${btoa(auth)}`);
      }
      connection.socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
  return (url, headers, body, timeoutMs, verify) => post(url, headers, body, timeoutMs, verify);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * An HTTP/1.1 answer from the bytes so far, once complete (by length, by chunks, or at the end of the
 * stream), and whether the connection may carry another request (framed, and not closed by the receiver).
 * Throws Net::HTTP's error for a status line or a chunk size it cannot read.
 */
function parseAnswer(chunks: Uint8Array[], ended: boolean): { answer: Answer; reusable: boolean } | undefined {
  const answer = parseBytes(chunks, ended);
  if (!answer) return undefined;
  return { answer: answer.answer, reusable: !ended && answer.framed && answer.keepAlive };
}

const LATIN1 = new TextDecoder('latin1');

function parseBytes(
  chunks: Uint8Array[],
  ended: boolean,
): { answer: Answer; framed: boolean; keepAlive: boolean } | undefined {
  const bytes = concat(chunks);
  const split = headEnd(bytes);
  if (split < 0) return undefined;
  const head = LATIN1.decode(bytes.subarray(0, split)).split('\r\n');
  const statusLine = head[0] as string;
  // Net::HTTP's `read_status_line`; any other first line is its HTTPBadResponse, which GitLab logs.
  const match = /^HTTP(?:\/(\d+\.\d+))?[ \t\r\n\f\v]+(\d{3})(?:[ \t\r\n\f\v][^\n]*)?$/i.exec(statusLine);
  if (!match) throw new Error(`wrong status line: ${JSON.stringify(statusLine)}`);
  const status = Number(match[2]);
  // An interim answer (1xx, `100 Continue`): Ruby's Net::HTTP, GitLab's client, reads past it to the final one.
  if (status < 200) return parseBytes([bytes.subarray(split + 4)], ended);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1, 51)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim()] = line
        .slice(colon + 1)
        .trim()
        .slice(0, 1024);
  }
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const http10 = match[1] !== undefined && match[1] <= '1.0';
  const connectionHeader = (lower.connection ?? '').toLowerCase();
  const keepAlive = http10 ? connectionHeader === 'keep-alive' : connectionHeader !== 'close';
  const done = (answer: Answer, framed: boolean) => ({ answer, framed, keepAlive });
  let rest = bytes.subarray(split + 4);
  if (/chunked/i.test(lower['transfer-encoding'] ?? '')) {
    // A chunked body cut short, even by the end of the stream, is no answer: Net::HTTP's `read_chunked`
    // reads to the last chunk and raises EOFError ("end of file reached") at the end of the stream.
    const parts: Uint8Array[] = [];
    for (;;) {
      const line = findCrlf(rest);
      if (line < 0) return undefined;
      const sizeLine = new TextDecoder().decode(rest.subarray(0, line));
      const size = Number.parseInt(sizeLine, 16);
      // Net::HTTPBadResponse, which GitLab logs as the delivery's error.
      if (!Number.isFinite(size)) throw new Error(`wrong chunk size line: ${sizeLine}`);
      if (size === 0) return done({ status, headers, body: decode(parts) }, true);
      if (rest.length < line + 2 + size + 2) return undefined;
      parts.push(rest.subarray(line + 2, line + 2 + size));
      rest = rest.subarray(line + 2 + size + 2);
    }
  }
  // 204 and 304 have no body, whatever Content-Length says (Net::HTTP's `response_body_permitted?`).
  if (status === 204 || status === 304) return done({ status, headers, body: '' }, true);
  const length = lower['content-length'] === undefined ? undefined : Number(lower['content-length']);
  if (length !== undefined && rest.length >= length) {
    return done({ status, headers, body: decode([rest.subarray(0, length)]) }, true);
  }
  return ended ? done({ status, headers, body: decode([rest]) }, false) : undefined;
}

/** Where the blank line after the headers starts (`\r\n\r\n`), or -1; `indexOf` skips to each `\r` natively. */
function headEnd(bytes: Uint8Array): number {
  for (let i = bytes.indexOf(13); i >= 0 && i + 3 < bytes.length; i = bytes.indexOf(13, i + 1)) {
    if (bytes[i + 1] === 10 && bytes[i + 2] === 13 && bytes[i + 3] === 10) return i;
  }
  return -1;
}

function findCrlf(bytes: Uint8Array): number {
  for (let i = 0; i + 1 < bytes.length; i++) if (bytes[i] === 13 && bytes[i + 1] === 10) return i;
  return -1;
}

const decode = (parts: Uint8Array[]) => new TextDecoder().decode(concat(parts));

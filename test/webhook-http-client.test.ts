import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type WebhookDelivery } from '../mock/index.js';

// The mock's own HTTP/1.1 client (`nodePost` in mock/webhooks/http-client.ts) and its answer parser, against
// raw TCP receivers that write exactly the bytes each test wants: connection reuse as Gitlab::HTTP's
// pool does it, the retry on a kept connection the receiver closed, framing (Content-Length, chunks,
// end of stream, 204/304), keep-alive for HTTP/1.0 and 1.1, header limits, failures.

const API = 'acme/api';

interface Request {
  /** 1-based number of the TCP connection it came on. */
  connection: number;
  /** 1-based number of the request on that connection. */
  index: number;
  head: string;
}

type Reply = (socket: Socket, request: Request) => void;

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return port;
}

/** A receiver on loopback that reads whole requests and lets `reply` answer each, byte for byte. */
async function rawReceiver(reply: Reply) {
  const requests: Request[] = [];
  const sockets: Socket[] = [];
  const closed: Promise<void>[] = [];
  const server = createServer((socket) => {
    const connection = sockets.push(socket);
    closed.push(new Promise((resolve) => socket.on('close', () => resolve())));
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    let index = 0;
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        buffer = buffer.subarray(end + 4 + length);
        index += 1;
        const request = { connection, index, head };
        requests.push(request);
        reply(socket, request);
      }
    });
  });
  const port = await listen(server);
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${port}/hook`, port, requests, sockets, closed };
}

/** A world whose project has one hook per URL, for milestone events (or the events given with a URL). */
function mockFor(urls: (string | { url: string; events: Record<string, boolean> })[], timeout = 2000): MockGitLab {
  return createMockGitLab({
    seed: {
      now: '2026-06-01T09:00:00Z',
      users: [{ username: 'root', admin: true, token: 'glpat-root' }],
      groups: [{ path: 'acme' }],
      projects: [
        {
          path: API,
          milestones: [{ title: 'v1' }],
          issues: [{ title: 'One' }],
          hooks: urls.map((url) => (typeof url === 'string' ? { url, events: { milestone_events: true } } : url)),
        },
      ],
    },
    webhooks: { timeout },
  });
}

/** One milestone event to every hook; the last delivery once all are done. */
async function deliver(mock: MockGitLab): Promise<WebhookDelivery | undefined> {
  mock.webhooks.trigger({ event: 'milestone', project: API });
  await mock.webhooks.settled();
  return mock.webhooks.deliveries.at(-1);
}

/** Writes `pieces` one after another, a little apart, so the client reads them as separate chunks. */
async function writeApart(socket: Socket, pieces: string[]) {
  for (const piece of pieces) {
    socket.write(piece);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const OK = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok';

describe('keeping a connection alive between deliveries to a receiver', () => {
  async function twice(answer: string) {
    const receiver = await rawReceiver((socket) => socket.write(answer));
    const mock = mockFor([receiver.url]);
    const first = await deliver(mock);
    const second = await deliver(mock);
    return { receiver, first, second };
  }

  it('reuses the connection after an HTTP/1.1 answer framed by Content-Length', async () => {
    const { receiver, first, second } = await twice('HTTP/1.1 201 Created\r\nContent-Length: 5\r\nX-A: b\r\n\r\nhello');
    for (const delivery of [first, second]) {
      expect(delivery).toMatchObject({
        response_status: 201,
        response_headers: { 'Content-Length': '5', 'X-A': 'b' },
        response_body: 'hello',
        internal_error_message: null,
        outcome: 'delivered',
      });
    }
    expect(receiver.requests.map((r) => [r.connection, r.index])).toEqual([
      [1, 1],
      [1, 2],
    ]);
  });

  it('reuses it after a chunked answer, whose chunks make the body', async () => {
    const { receiver, second } = await twice(
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n',
    );
    expect(second).toMatchObject({ response_status: 200, response_body: 'hello world', outcome: 'delivered' });
    expect(receiver.sockets).toHaveLength(1);
  });

  it('reuses it after a 204 or a 304 without Content-Length, which have no body', async () => {
    for (const status of ['204 No Content', '304 Not Modified']) {
      const { receiver, second } = await twice(`HTTP/1.1 ${status}\r\n\r\n`);
      expect(second).toMatchObject({
        response_status: Number(status.slice(0, 3)),
        response_body: '',
        internal_error_message: null,
        outcome: 'delivered',
      });
      expect(receiver.sockets).toHaveLength(1);
    }
  });

  it('reuses it after an HTTP/1.0 answer only with Connection: keep-alive', async () => {
    const { receiver } = await twice('HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nok');
    expect(receiver.sockets).toHaveLength(1);
  });

  it('reads the version from the start of the status line only (a reason phrase may say anything)', async () => {
    const { receiver, second } = await twice('HTTP/1.1 200 Not HTTP/1.0\r\nContent-Length: 2\r\n\r\nok');
    expect(second).toMatchObject({ response_status: 200, outcome: 'delivered' });
    expect(receiver.sockets).toHaveLength(1);
  });

  it('keeps one pool per receiver: a kept connection is never used for another receiver', async () => {
    const a = await rawReceiver((socket) => socket.write(OK));
    const b = await rawReceiver((socket) => socket.write(OK));
    const mock = mockFor([a.url, { url: b.url, events: { issues_events: true } }]);
    mock.webhooks.trigger({ event: 'issue', project: API });
    await mock.webhooks.settled();
    await deliver(mock);
    expect(a.requests.map((r) => [r.connection, r.index])).toEqual([[1, 1]]);
    expect(b.requests.map((r) => [r.connection, r.index])).toEqual([[1, 1]]);
  });
});

describe('closing a connection the receiver does not keep', () => {
  it('closes it after an HTTP/1.1 answer with Connection: close, in any case, and opens a new one', async () => {
    const receiver = await rawReceiver((socket) =>
      socket.write('HTTP/1.1 200 OK\r\nConnection: Close\r\nContent-Length: 2\r\n\r\nok'),
    );
    const mock = mockFor([receiver.url]);
    expect(await deliver(mock)).toMatchObject({ response_status: 200, response_body: 'ok', outcome: 'delivered' });
    await receiver.closed[0];
    await deliver(mock);
    expect(receiver.requests.map((r) => [r.connection, r.index])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('does not keep an HTTP/1.0 connection without Connection: keep-alive', async () => {
    const receiver = await rawReceiver((socket) => socket.write('HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok'));
    const mock = mockFor([receiver.url]);
    await deliver(mock);
    await receiver.closed[0];
    expect(await deliver(mock)).toMatchObject({ response_status: 200, outcome: 'delivered' });
    expect(receiver.sockets).toHaveLength(2);
  });
});

describe('a kept connection the receiver closed', () => {
  it('is not used again once the receiver closed it after its answer', async () => {
    const receiver = await rawReceiver((socket) => socket.end(OK));
    const mock = mockFor([receiver.url]);
    await deliver(mock);
    await receiver.closed[0];
    expect(await deliver(mock)).toMatchObject({ response_status: 200, outcome: 'delivered' });
    expect(receiver.requests.map((r) => [r.connection, r.index])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('is replaced once, transparently, when the receiver closes it on the next request without answering', async () => {
    const receiver = await rawReceiver((socket, request) => {
      if (request.index === 2) socket.end();
      else socket.write(OK);
    });
    const mock = mockFor([receiver.url]);
    await deliver(mock);
    expect(await deliver(mock)).toMatchObject({
      response_status: 200,
      response_body: 'ok',
      internal_error_message: null,
      outcome: 'delivered',
    });
    expect(receiver.requests.map((r) => [r.connection, r.index])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ]);
  });

  it('is replaced by a new connection, never by another kept one, and only it leaves the pool', async () => {
    // Connections 1 and 2 are closed by the receiver on their second request; later ones answer every time.
    // Answers wait so that deliveries meant to overlap do: the first two requests are answered together,
    // and connection 3's second one once connection 4 has its first.
    const held: Socket[] = [];
    const receiver = await rawReceiver((socket, request) => {
      const at = `${request.connection}.${request.index}`;
      if (request.connection <= 2 && request.index === 2) socket.end();
      else if (at === '1.1' || at === '2.1' || at === '3.2') {
        held.push(socket);
        if (held.length === 2) for (const s of held.splice(0)) s.write(OK);
      } else {
        socket.write(OK);
        if (at === '4.1') for (const s of held.splice(0)) s.write(OK);
      }
    });
    const both = { milestone_events: true, issues_events: true };
    const mock = mockFor([{ url: receiver.url, events: both }, receiver.url]);
    await deliver(mock); // both hooks at once: two connections, both kept
    expect(receiver.sockets).toHaveLength(2);
    mock.webhooks.trigger({ event: 'issue', project: API }); // the first hook only: one kept connection,
    await mock.webhooks.settled(); // closed, replaced by connection 3; the other stays kept
    expect(receiver.requests.map((r) => `${r.connection}.${r.index}`).slice(2)).toEqual([
      expect.stringMatching(/^[12]\.2$/),
      '3.1',
    ]);
    await deliver(mock); // connection 3 answers; the other kept one is closed and replaced by connection 4
    expect(mock.webhooks.deliveries.map((d) => d.outcome)).toEqual(Array(5).fill('delivered'));
    expect(receiver.requests.map((r) => `${r.connection}.${r.index}`).sort()).toEqual([
      '1.1',
      '1.2',
      '2.1',
      '2.2',
      '3.1',
      '3.2',
      '4.1',
    ]);
  });

  it('is not retried when the receiver had begun to answer: the delivery fails at the end of the stream', async () => {
    const receiver = await rawReceiver((socket, request) => {
      if (request.index === 2) socket.end('HTTP/1.1 200 OK\r\nContent-Le');
      else socket.write(OK);
    });
    const mock = mockFor([receiver.url]);
    await deliver(mock);
    expect(await deliver(mock)).toMatchObject({
      response_status: 'internal error',
      internal_error_message: 'end of file reached',
      outcome: 'failed',
    });
    expect(receiver.requests).toHaveLength(2);
  });

  it('a new connection closed without an answer is not retried', async () => {
    const receiver = await rawReceiver((socket, request) => {
      if (request.connection === 1) socket.end();
      else socket.write(OK);
    });
    const mock = mockFor([receiver.url]);
    expect(await deliver(mock)).toMatchObject({
      response_status: 'internal error',
      internal_error_message: 'end of file reached',
      outcome: 'failed',
    });
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('answers read as they arrive', () => {
  async function deliverPieces(pieces: string[], end = false) {
    const receiver = await rawReceiver((socket) => {
      void writeApart(socket, pieces).then(() => end && socket.end());
    });
    return deliver(mockFor([receiver.url]));
  }

  it('waits for the whole head and the whole Content-Length body', async () => {
    const delivery = await deliverPieces(['HTTP/1.1 200 OK\r\nConte', 'nt-Length: 11\r\n\r\n', 'hello', ' world']);
    expect(delivery).toMatchObject({ response_status: 200, response_body: 'hello world', outcome: 'delivered' });
  });

  it('waits for every chunk of a chunked body, up to the last one', async () => {
    const delivery = await deliverPieces([
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n',
      '5',
      '\r\nhel',
      'lo\r\n',
      '6\r\n world\r\n',
      '0\r\n\r\n',
    ]);
    expect(delivery).toMatchObject({ response_status: 200, response_body: 'hello world', outcome: 'delivered' });
  });

  it('takes an answer without Content-Length or chunks to end with the stream', async () => {
    const delivery = await deliverPieces(['HTTP/1.1 200 OK\r\nX-A: b\r\n\r\nuntil ', 'the end'], true);
    expect(delivery).toMatchObject({
      response_status: 200,
      response_headers: { 'X-A': 'b' },
      response_body: 'until the end',
      internal_error_message: null,
      outcome: 'delivered',
    });
  });
});

describe('answers cut short or without a body', () => {
  async function deliverPieces(pieces: string[], end: boolean) {
    const receiver = await rawReceiver((socket) => {
      void writeApart(socket, pieces).then(() => end && socket.end());
    });
    return deliver(mockFor([receiver.url]));
  }

  it('fails a chunked answer cut short by the end of the stream, as Net::HTTP does ("end of file reached")', async () => {
    for (const cut of ['5\r\nhello\r\n', '5\r\nhel']) {
      const delivery = await deliverPieces([`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${cut}`], true);
      expect(delivery).toMatchObject({
        response_status: 'internal error',
        internal_error_message: 'end of file reached',
        outcome: 'failed',
      });
    }
  });

  it('fails a chunk size that is not a number (or none), as Net::HTTP does (HTTPBadResponse), and closes the connection', async () => {
    for (const size of ['zz', '']) {
      const receiver = await rawReceiver((socket) =>
        socket.write(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n${size}\r\n`),
      );
      expect(await deliver(mockFor([receiver.url]))).toMatchObject({
        response_status: 'internal error',
        internal_error_message: `wrong chunk size line: ${size}`,
        outcome: 'failed',
      });
      await receiver.closed[0];
    }
  });

  it('reads no body after a 204 or a 304, whatever Content-Length says', async () => {
    for (const status of ['204 No Content', '304 Not Modified']) {
      const delivery = await deliverPieces([`HTTP/1.1 ${status}\r\nContent-Length: 5\r\n\r\n`], false);
      expect(delivery).toMatchObject({
        response_status: Number(status.slice(0, 3)),
        response_body: '',
        outcome: 'delivered',
      });
    }
  });

  it('ignores what a receiver sends on a kept connection between answers', async () => {
    const receiver = await rawReceiver((socket) => socket.write(OK));
    const mock = mockFor([receiver.url]);
    expect(await deliver(mock)).toMatchObject({ response_status: 200, outcome: 'delivered' });
    // The mock reads these bytes before the end of the stream that closes its side too.
    receiver.sockets[0]?.end('stray bytes');
    await receiver.closed[0];
    expect(mock.webhooks.deliveries).toHaveLength(1);
  });
});

describe('the head of an answer', () => {
  async function headersOf(head: string) {
    const receiver = await rawReceiver((socket) => socket.end(`HTTP/1.1 200 OK\r\n${head}Content-Length: 2\r\n\r\nok`));
    const delivery = await deliver(mockFor([receiver.url]));
    expect(delivery).toMatchObject({ response_status: 200, response_body: 'ok', outcome: 'delivered' });
    return delivery?.response_headers;
  }

  it('trims names and values, and skips lines without a name before a colon', async () => {
    expect(await headersOf('X-Pad :  padded  \r\nNoColon\r\n: orphan\r\n')).toEqual({
      'X-Pad': 'padded',
      'Content-Length': '2',
    });
  });

  it('keeps the first 1,024 characters of a value', async () => {
    const headers = await headersOf(`X-Long: ${'v'.repeat(2000)}\r\n`);
    expect(headers?.['X-Long']).toBe('v'.repeat(1024));
  });

  it('keeps the first 50 header lines', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => `X-H${i + 1}: ${i + 1}\r\n`).join('');
    const headers = await headersOf(lines);
    expect(Object.keys(headers ?? {})).toHaveLength(50);
    expect(headers?.['X-H50']).toBe('50');
    expect(headers?.['Content-Length']).toBeUndefined();
  });

  it('ends only at an empty line: a lone CR or LF inside the head does not end it', async () => {
    const headers = await headersOf('X-Odd: a\rb\r\n\rX-Cr: 1\r\nY\nZ: 2\r\n');
    expect(headers).toMatchObject({ 'X-Odd': 'a\rb', 'X-Cr': '1', 'Content-Length': '2' });
  });

  it('fails on a status line Net::HTTP cannot read, as its HTTPBadResponse ("wrong status line")', async () => {
    for (const line of ['XHTTP/1.1 200 OK', 'HTTP/2 200', 'HTTP/1.1 2000 OK', 'HTTP/1.1 20 OK', 'HTTP/1.1 200OK']) {
      const receiver = await rawReceiver((socket) => socket.write(`${line}\r\nContent-Length: 2\r\n\r\nok`));
      expect(await deliver(mockFor([receiver.url]))).toMatchObject({
        response_status: 'internal error',
        internal_error_message: `wrong status line: "${line}"`,
        outcome: 'failed',
      });
      await receiver.closed[0];
    }
    // An empty first line: the head ends before it starts.
    const receiver = await rawReceiver((socket) =>
      socket.write('\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'),
    );
    expect(await deliver(mockFor([receiver.url]))).toMatchObject({ internal_error_message: 'wrong status line: ""' });
  });

  it('reads a status line as Net::HTTP does: the version optional, any case, spaces or tabs around the code', async () => {
    for (const line of [
      'HTTP 201',
      'http/1.1 201 Created',
      'HTTP/1.1\t201\tCreated',
      'HTTP/1.1\v201\vCreated',
      'HTTP/1.1  201',
      'HTTP/10.1 201 x',
      'HTTP/1.10 201 x',
    ]) {
      const receiver = await rawReceiver((socket) => socket.end(`${line}\r\nContent-Length: 2\r\n\r\nok`));
      expect(await deliver(mockFor([receiver.url]))).toMatchObject({ response_status: 201, outcome: 'delivered' });
    }
  });
});

describe('failures of the connection', () => {
  async function closedPort() {
    const server = createServer();
    const port = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it('logs a refused connection as Net::HTTP words it', async () => {
    const port = await closedPort();
    const delivery = await deliver(mockFor([`http://127.0.0.1:${port}/hook`]));
    expect(delivery).toMatchObject({
      response_status: 'internal error',
      internal_error_message: `Failed to open TCP connection to 127.0.0.1:${port} (Connection refused - connect(2) for "127.0.0.1" port ${port})`,
      outcome: 'failed',
    });
  });

  it('connects to an IPv6 address without its brackets', async () => {
    const port = await closedPort();
    const delivery = await deliver(mockFor([`http://[::1]:${port}/hook`]));
    expect(delivery?.internal_error_message).toBe(
      `Failed to open TCP connection to [::1]:${port} (Connection refused - connect(2) for "::1" port ${port})`,
    );
  });

  it('fails on a connection reset, not as the end of the stream', async () => {
    const receiver = await rawReceiver((socket) => socket.resetAndDestroy());
    const delivery = await deliver(mockFor([receiver.url]));
    expect(delivery).toMatchObject({ response_status: 'internal error', outcome: 'failed' });
    // Neither the end of the stream nor a connection never opened: Net::HTTP's Errno::ECONNRESET.
    expect(delivery?.internal_error_message).not.toBe('end of file reached');
    expect(delivery?.internal_error_message).not.toMatch(/^Failed to open TCP connection/);
    expect(receiver.requests).toHaveLength(1);
  });

  it('gives up on a receiver that does not answer in time, and closes the connection', async () => {
    const receiver = await rawReceiver(() => {});
    const delivery = await deliver(mockFor([receiver.url], 200));
    expect(delivery).toMatchObject({
      response_status: 'internal error',
      internal_error_message: 'Net::ReadTimeout with #<TCPSocket:(closed)>',
      outcome: 'failed',
    });
    await receiver.closed[0];
  });
});

describe('what a receiver is sent', () => {
  it('sends the user info of the URL as Basic auth, decoded, and no Authorization without it', async () => {
    const receiver = await rawReceiver((socket) => socket.write(OK));
    const withAuth = receiver.url.replace('http://', 'http://hook%20user:p%40ss@');
    await deliver(mockFor([withAuth, receiver.url]));
    const auth = receiver.requests.map((r) => /\r\nAuthorization: (.*)/i.exec(r.head)?.[1]);
    expect(auth.sort()).toEqual([`Basic ${btoa('hook user:p@ss')}`, undefined]);
  });

  it('speaks TLS to an https URL', async () => {
    const first = new Promise<Buffer>((resolve) => {
      const server = createServer((socket) => socket.once('data', (chunk: Buffer) => resolve(chunk)) && socket.end());
      void listen(server).then((port) => {
        cleanup.push(() => new Promise<void>((done) => server.close(() => done())));
        void deliver(mockFor([`https://127.0.0.1:${port}/hook`]));
      });
    });
    // A TLS handshake record (22) of a ClientHello (1), not `POST /hook HTTP/1.1`.
    const hello = await first;
    expect([hello[0], hello[5]]).toEqual([22, 1]);
  });
});

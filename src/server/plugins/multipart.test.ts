import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { posts, threads } from '../db/schema.js';
import { useTestApp } from '../test/app.js';
import { boardId, createThread, signUp, type TestUser } from '../test/factories.js';
import { MALFORMED_MULTIPART } from './multipart.js';

// CONTRACT.md section 9: malformed or truncated multipart and bodies that end early
// answer 4xx JSON, never 500, never a hang, and write nothing. Over real HTTP with
// node:net, since inject() cannot cut a body short or close the socket mid-body.

const t = useTestApp();
let author: TestUser;
let port: number;
let board: number;
let threadId: number;
/** The server's response to each request, by URL: its status is set even when nobody is left to read it. */
const responses = new Map<string, ServerResponse>();

beforeAll(async () => {
  author = await signUp(t);
  board = await boardId(t);
  threadId = (await createThread(t, author)).id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  t.app.server.on('request', (request: IncomingMessage, response: ServerResponse) => responses.set(request.url ?? '', response));
});

let sequence = 0;
const BOUNDARY = 'hbBoundary42';

/** A request head as the signed-in author, for a URL made unique so its outcome can be found. */
function head(path: string, contentType: string, contentLength: number) {
  const url = `${path}?case=${++sequence}`;
  const cookie = [...author.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const lines = [
    `POST ${url} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    `Content-Type: ${contentType}`,
    `Content-Length: ${contentLength}`,
    `Cookie: ${cookie}`,
    `X-CSRF-Token: ${author.client.csrfToken}`,
  ];
  return { url, text: `${lines.join('\r\n')}\r\n\r\n` };
}

function part(name: string, value: string, file?: string) {
  const disposition = file ? `form-data; name="${name}"; filename="${file}"\r\nContent-Type: image/png` : `form-data; name="${name}"`;
  return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n${value}\r\n`;
}

const threadForm = () => part('boardId', String(board)) + part('title', 'Over the wire') + part('content', 'Sent by hand');

/**
 * Sends the bytes, then waits for the server to answer and close ('answer'), or
 * half-closes ('end') or resets ('destroy') the socket right after them. Resolves with
 * whatever came back; rejects if the server neither answers nor closes within 10 s.
 */
function send(bytes: string, how: 'answer' | 'end' | 'destroy'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => resolve(received));
    socket.on('close', () => resolve(received));
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no answer and no close within 10 s; got ${JSON.stringify(received)}`));
    });
    socket.on('connect', () => {
      socket.write(bytes);
      if (how === 'end') socket.end();
      if (how === 'destroy') setTimeout(() => socket.destroy(), 20);
    });
  });
}

function parse(raw: string) {
  const [headText = '', body = ''] = raw.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headText)?.[1]);
  return { status, type: /content-type: ([^\r\n]+)/i.exec(headText)?.[1] ?? '', body };
}

const counts = async () => [await t.database.db.$count(threads), await t.database.db.$count(posts)];

describe('multipart over HTTP', () => {
  it('a whole form is a 201 (the harness works)', async () => {
    const body = `${threadForm()}--${BOUNDARY}--\r\n`;
    const request = head('/api/threads', `multipart/form-data; boundary=${BOUNDARY}`, Buffer.byteLength(body));
    const answer = parse(await send(request.text + body, 'answer'));
    expect(answer.status, answer.body).toBe(201);
  });

  it.each([
    ['without a boundary', 'multipart/form-data', `${threadForm()}--${BOUNDARY}--\r\n`],
    ['with an empty boundary', 'multipart/form-data; boundary=', `${threadForm()}--${BOUNDARY}--\r\n`],
    ['with a boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, `${threadForm()}--${BOUNDARY}--\r\n`],
    ['whose boundary is not the one in the body', 'multipart/form-data; boundary=other', `${threadForm()}--${BOUNDARY}--\r\n`],
    ['that stops before its closing boundary', `multipart/form-data; boundary=${BOUNDARY}`, threadForm()],
    ['cut in the middle of a part', `multipart/form-data; boundary=${BOUNDARY}`, `${threadForm()}--${BOUNDARY}\r\nContent-Disposition: form-data; name="isAnon`],
    ['cut in the middle of a file', `multipart/form-data; boundary=${BOUNDARY}`, `${threadForm()}--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`],
  ])('a form %s is a 400 JSON and writes nothing', async (_name, contentType, body) => {
    const before = await counts();
    const request = head('/api/threads', contentType, Buffer.byteLength(body));
    const answer = parse(await send(request.text + body, 'answer'));
    expect(answer.status, answer.body).toBe(400);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ message: MALFORMED_MULTIPART });
    expect(await counts()).toEqual(before);
  });

  it('a reply form is refused the same way', async () => {
    const body = part('threadId', String(threadId)) + part('content', 'Never finished');
    const request = head('/api/posts', `multipart/form-data; boundary=${BOUNDARY}`, Buffer.byteLength(body));
    const answer = parse(await send(request.text + body, 'answer'));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: MALFORMED_MULTIPART });
  });
});

describe('bodies that end early', () => {
  it.each([
    ['a multipart thread, half-closed', '/api/threads', `multipart/form-data; boundary=${BOUNDARY}`, () => threadForm(), 'end'],
    ['a multipart thread, reset', '/api/threads', `multipart/form-data; boundary=${BOUNDARY}`, () => threadForm(), 'destroy'],
    ['a JSON thread, half-closed', '/api/threads', 'application/json', () => JSON.stringify({ boardId: board, title: 'Cut short', content: 'Never complete' }), 'end'],
    ['a JSON reply, reset', '/api/posts', 'application/json', () => JSON.stringify({ threadId, content: 'Never complete' }), 'destroy'],
  ] as const)('%s before its Content-Length: nothing written, no 500, the server still serves', async (_name, path, contentType, body, how) => {
    const before = await counts();
    const text = body();
    // The head promises 1000 bytes more than are sent.
    const request = head(path, contentType, Buffer.byteLength(text) + 1000);
    await send(request.text + text, how);
    // The server lets go of the request (no hang), then answers nobody: the error
    // handler's 499 for a body cut short, or no answer at all; never a 500.
    await expect.poll(() => responses.get(request.url)?.closed, { timeout: 5000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(responses.get(request.url)!.statusCode).toBeLessThan(500);
    expect(await counts()).toEqual(before);
    expect((await author.client.get(`/api/threads/${threadId}`)).statusCode).toBe(200);
  });

  it('JSON cut in the middle, with a Content-Length that matches, is a 400', async () => {
    const body = '{"boardId": 1, "title": "Cut he';
    const request = head('/api/threads', 'application/json', Buffer.byteLength(body));
    const answer = parse(await send(request.text + body, 'answer'));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Request body is not valid JSON' });
  });
});

// Header injection: CR and LF in every request header the server reads and might echo
// (X-Request-Id, Host, X-Forwarded-*, Origin, If-None-Match, Last-Event-ID), sent over a
// real socket (what Node's parser lets through) and through inject() (what reaches the
// handlers when a parser lets it through). No response may gain a header line, carry CR or
// LF in a header value, or answer 500. Under TRUST_PROXY, where the forwarded headers and
// X-Request-Id are read at all.
import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../test/app.js';
import { createThread, signUp } from '../test/factories.js';
import { buildPagesApp } from './pages-app.js';

const t = useTestApp();

const HEADERS = ['x-request-id', 'host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-for', 'origin', 'if-none-match', 'last-event-id'];
/** A plausible value, then a line break and a header of the attacker's. */
const BREAKS = ['\r\n', '\n', '\r', '\r\n\r\n'];
const injected = (header: string, lineBreak: string) => `${header === 'host' ? 'localhost' : header === 'last-event-id' ? '5' : 'a1'}${lineBreak}X-Injected: yes`;

/** One raw HTTP/1.1 request, written as is; the response's status and header lines. */
function rawRequest(port: number, requestText: string): Promise<{ status: number; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const done = () => {
      socket.destroy();
      const head = received.split('\r\n\r\n')[0] ?? '';
      const [statusLine = '', ...lines] = head.split('\r\n');
      resolve({ status: Number(statusLine.split(' ')[1]), lines });
    };
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${JSON.stringify(requestText)}`));
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // The head is all that matters (an event stream never ends).
      if (received.includes('\r\n\r\n')) done();
    });
    socket.on('end', done);
    socket.on('error', (error) => (received ? done() : reject(error)));
    socket.write(requestText);
  });
}

describe('CR and LF in request headers', () => {
  let web: TestApp;
  let port: number;
  let urls: string[];

  beforeAll(async () => {
    web = await buildPagesApp(t, { trustProxy: true });
    await web.app.listen({ port: 0, host: '127.0.0.1' });
    port = (web.app.server.address() as net.AddressInfo).port;
    const author = await signUp(t, { prefix: 'crlf' });
    const thread = await createThread(t, author, { isAnonymous: false });
    urls = ['/', `/thread/${thread.id}`, '/robots.txt', '/sitemap.xml', '/feeds/recent.atom', '/api/boards', `/api/threads/${thread.id}`, `/api/events?thread=${thread.id}`, '/api/no-such-route', '/no-such-file.png'];
  }, 240_000);

  afterAll(async () => {
    await web?.app.close();
  });

  it('over a socket: a header split by CR or LF is refused or stays a request header, never a response one', async () => {
    for (const url of urls) {
      for (const header of HEADERS) {
        for (const lineBreak of BREAKS) {
          const label = `${url} ${header} ${JSON.stringify(lineBreak)}`;
          const host = header === 'host' ? '' : 'Host: localhost\r\n';
          const { status, lines } = await rawRequest(port, `GET ${url} HTTP/1.1\r\n${host}${header}: ${injected(header, lineBreak)}\r\nConnection: close\r\n\r\n`);
          expect(status, label).toBeGreaterThanOrEqual(200);
          expect(status, label).toBeLessThan(500);
          for (const line of lines) {
            expect(line.toLowerCase(), label).not.toMatch(/^x-injected:|^\s|\r|\n/);
            expect(line, label).toMatch(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+: /);
          }
        }
      }
    }
  });

  it('through inject: a header value holding CR or LF is never written into a response', async () => {
    const expectClean = (label: string, response: LightMyRequestResponse) => {
      expect(response.statusCode, label).toBeLessThan(500);
      expect(response.headers['x-injected'], label).toBeUndefined();
      for (const [name, value] of Object.entries(response.headers)) {
        expect(String(value), `${label}: ${name}`).not.toMatch(/[\r\n]/);
      }
    };
    for (const url of urls.filter((url) => !url.startsWith('/api/events'))) {
      for (const header of HEADERS) {
        for (const lineBreak of BREAKS) {
          const label = `${url} ${header} ${JSON.stringify(lineBreak)}`;
          let response: LightMyRequestResponse;
          try {
            response = await web.app.inject({ url, headers: { [header]: injected(header, lineBreak) } });
          } catch (error) {
            // The fake request itself refused the value: nothing reached the app.
            expect(String(error), label).toMatch(/invalid|header/i);
            continue;
          }
          expectClean(label, response);
        }
      }
    }
    // The request id the proxy sends is kept only when well formed: anything else gets a new one.
    const id = await web.app.inject({ url: '/api/boards', headers: { 'x-request-id': 'a1\r\nX-Injected: yes' } });
    expect(String(id.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });
});

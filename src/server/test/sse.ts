// An event stream read over real HTTP, as a browser's EventSource would (CONTRACT.md
// section 10), for the tests of live updates.
import http from 'node:http';

export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
}

/** A minimal EventSource over node:http: collects messages, comments and the last id, and sees the stream end. */
export async function openStream(base: string, query = '', headers: Record<string, string> = {}) {
  // node:http with a socket of its own, so closing the stream closes its connection at once.
  const request = http.get(`${base}/api/events${query}`, { headers, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => request.once('response', resolve).once('error', reject));
  const messages: SseMessage[] = [];
  let comments = 0;
  let lastId: string | undefined;
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((waiter) => waiter());
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const message: SseMessage = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments++;
        else if (line.startsWith('id: ')) lastId = message.id = line.slice(4);
        else if (line.startsWith('event: ')) message.event = line.slice(7);
        else if (line.startsWith('data: ')) message.data = line.slice(6);
      }
      if (message.data !== undefined) messages.push(message);
      wake();
    }
  });
  const done = new Promise<void>((resolve) =>
    response.once('close', () => {
      ended = true;
      wake();
      resolve();
    }),
  );
  const until = async <T>(check: () => T | undefined, timeoutMs = 3000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out; messages: ${JSON.stringify(messages)}`);
      await new Promise<void>((resolve) => {
        const waiter = () => {
          waiters.delete(waiter);
          resolve();
        };
        waiters.add(waiter);
        setTimeout(waiter, 50);
      });
    }
  };
  return {
    response: { status: response.statusCode, headers: { get: (name: string) => response.headers[name] as string | undefined } },
    messages,
    get comments() {
      return comments;
    },
    get lastId() {
      return lastId;
    },
    get ended() {
      return ended;
    },
    until,
    next: (event: string, timeoutMs?: number) => until(() => messages.find((message) => message.event === event), timeoutMs),
    close: async () => {
      request.destroy();
      await done;
    },
  };
}

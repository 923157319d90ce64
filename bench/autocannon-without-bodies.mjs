// autocannon 9.0.0 decodes every response body into a string as it arrives
// (PipelinedRequestsQueue#addBody: `req.body += data`), to hand it to verifyBody,
// expectBody or a request's onResponse, none of which the benchmark uses. A compressed
// body is binary, and decoding binary as UTF-8 is slow: for a 29 KB br page it cost the
// load generator 300 µs a response, 9 in 10 of its time, so "HTML as a browser" measured
// autocannon, not the server. Here the queue keeps no bodies; the bytes are still counted
// (addByteCount). This reaches into autocannon's internals: the version is pinned, and
// bench/autocannon-without-bodies.test.ts fails when an upgrade moves what it replaces.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const AUTOCANNON_VERSION = '9.0.0';

/** Stops autocannon keeping response bodies; throws when autocannon is not the version this knows. */
export function keepNoResponseBodies() {
  const { version } = require('autocannon/package.json');
  if (version !== AUTOCANNON_VERSION) throw new Error(`autocannon ${version} is not ${AUTOCANNON_VERSION}: check bench/autocannon-without-bodies.mjs still applies`);
  const Queue = require('autocannon/lib/pipelinedRequestsQueue.js');
  if (typeof Queue.prototype.addBody !== 'function') throw new Error('autocannon has no PipelinedRequestsQueue#addBody any more');
  Queue.prototype.addBody = function addBody() {};
}

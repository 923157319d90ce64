// The write gate cannot be forgotten (plugins/gate.ts; issue 28): a POST, PUT, PATCH or
// DELETE route that declares no gate stops the app from starting, naming the route, and
// a gate on a route that changes nothing is a mistake too.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { gated, gatePlugin } from '../plugins/gate.js';

async function startWith(routes: (app: ReturnType<typeof Fastify>) => void): Promise<void> {
  const app = Fastify();
  try {
    await app.register(gatePlugin);
    await app.register(async (scope) => routes(scope as unknown as ReturnType<typeof Fastify>));
    await app.ready();
  } finally {
    await app.close();
  }
}

describe('the gate is declared by every write route', () => {
  it.each(['post', 'put', 'patch', 'delete'] as const)('an ungated %s route stops the app from starting', async (method) => {
    await expect(startWith((app) => app[method]('/api/things/:id', async () => ({})))).rejects.toThrow(
      `${method.toUpperCase()} /api/things/:id changes state but declares no gate`,
    );
  });

  it('so does one registered through route() with several methods, and a gate without its ban decision', async () => {
    await expect(startWith((app) => app.route({ method: ['GET', 'POST'], url: '/form', handler: async () => ({}) }))).rejects.toThrow('declares no gate');
    await expect(startWith((app) => app.post('/api/x', { config: { gate: {} as never } }, async () => ({})))).rejects.toThrow('declares no gate');
  });

  it('a gate on a read is refused; gated writes and plain reads start', async () => {
    await expect(startWith((app) => app.get('/api/x', gated({ ban: false }), async () => ({})))).rejects.toThrow('changes nothing');
    await expect(
      startWith((app) => {
        app.get('/api/x', async () => ({}));
        app.post('/api/x', gated({ ban: true, pow: 'reply' }), async () => ({}));
        app.delete('/api/x/:id', gated({ ban: false, user: true }), async () => ({}));
      }),
    ).resolves.toBeUndefined();
  });
});

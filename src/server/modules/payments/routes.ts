import type { FastifyInstance } from 'fastify';

/** Public: what the web app needs to pay through a browser wallet (CONTRACT.md section 7). */
export async function paymentRoutes(app: FastifyInstance) {
  const { payments } = app.services;

  app.get('/api/payments/config', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return payments.config();
  });
}

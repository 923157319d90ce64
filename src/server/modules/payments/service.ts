import type { PublicClient } from 'viem';
import type { PaymentsConfig } from '../../../shared/api.js';
import type { Chains } from '../../chain/clients.js';

/** Used when a client does not say how long it waits for a node. */
const DEFAULT_TIMEOUT_MS = 8_000;

export interface PaymentsService {
  /** GET /api/payments/config: the payable currencies with their chains and tokens. */
  config(): Promise<PaymentsConfig>;
}

/**
 * The chain id of each client is asked once: a success is remembered for the life of
 * the app, a failure is not (the next request asks again). Requests arriving while one
 * asks share its answer. An unreachable node gives null, never an error, and no request
 * waits longer than the client's own timeout.
 */
export function createPaymentsService(deps: { chains: Chains; paymentAddress: string | undefined }): PaymentsService {
  const known = new Map<PublicClient, number>();
  const asking = new Map<PublicClient, Promise<number | null>>();

  const chainIdOf = (client: PublicClient): Promise<number | null> => {
    const cached = known.get(client);
    if (cached !== undefined) return Promise.resolve(cached);
    let pending = asking.get(client);
    if (!pending) {
      const timeoutMs = (client.transport as { timeout?: number }).timeout ?? DEFAULT_TIMEOUT_MS;
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      });
      const ask = client.getChainId().then(
        (id) => {
          known.set(client, id);
          return id;
        },
        () => null,
      );
      pending = Promise.race([ask, deadline]).finally(() => {
        clearTimeout(timer);
        asking.delete(client);
      });
      asking.set(client, pending);
    }
    return pending;
  };

  return {
    async config() {
      const rails = deps.chains.payable().flatMap((currency) => {
        const rail = deps.chains.rail(currency);
        return rail ? [{ currency, rail }] : [];
      });
      const networks = await Promise.all(
        rails.map(async ({ currency, rail }) => ({
          currency,
          chainId: await chainIdOf(rail.client),
          decimals: rail.decimals,
          token: rail.token,
        })),
      );
      return { networks, paymentAddress: deps.paymentAddress ?? null, confirmations: deps.chains.confirmations };
    },
  };
}

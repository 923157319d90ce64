import { createPublicClient, http, type Address, type PublicClient } from 'viem';
import { CURRENCY_DECIMALS, PAYMENT_CURRENCIES } from '../../shared/constants.js';
import type { Config } from '../config.js';

export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

/** How a currency is proven on chain: native value, or Transfer logs of a token contract. */
export interface CurrencyRail {
  client: PublicClient;
  decimals: number;
  token: Address | null;
}

/** The chains this server can verify payments on, built once from the config. */
export interface Chains {
  confirmations: number;
  /** How to verify a currency, or undefined when its chain is not configured. */
  rail(currency: string): CurrencyRail | undefined;
  /** Currencies that can be paid on this server (their chain is configured). */
  payable(): PaymentCurrency[];
  /**
   * The id of the chain at ETH_RPC_URL, asked from the node once and kept (1, mainnet,
   * when none is configured); rejects while the node cannot be reached.
   */
  ethChainId(): Promise<number>;
}

const MAINNET_CHAIN_ID = 1;

/** A short timeout and one retry: a request waits on this, and a dead node must answer 503 soon. */
const client = (url: string) => createPublicClient({ transport: http(url, { timeout: 8_000, retryCount: 1, retryDelay: 200 }) }) as PublicClient;

export function createChains(config: Pick<Config, 'ethRpcUrl' | 'polygonRpcUrl' | 'usdtAddress' | 'usdcAddress' | 'paymentConfirmations'>): Chains {
  const eth = config.ethRpcUrl ? client(config.ethRpcUrl) : undefined;
  const polygon = config.polygonRpcUrl ? client(config.polygonRpcUrl) : undefined;
  const rails: Partial<Record<PaymentCurrency, CurrencyRail>> = {};
  if (eth) {
    rails.ETH = { client: eth, decimals: CURRENCY_DECIMALS.ETH, token: null };
    rails.USDT = { client: eth, decimals: CURRENCY_DECIMALS.USDT, token: config.usdtAddress as Address };
    rails.USDC = { client: eth, decimals: CURRENCY_DECIMALS.USDC, token: config.usdcAddress as Address };
  }
  if (polygon) rails.MATIC = { client: polygon, decimals: CURRENCY_DECIMALS.MATIC, token: null };
  let ethChainId: Promise<number> | undefined;
  return {
    ethChainId() {
      if (!eth) return Promise.resolve(MAINNET_CHAIN_ID);
      // A failed ask is forgotten, so the next one tries the node again.
      ethChainId ??= eth.getChainId().catch((error: unknown) => {
        ethChainId = undefined;
        throw error;
      });
      return ethChainId;
    },
    confirmations: config.paymentConfirmations,
    rail: (currency) => rails[currency as PaymentCurrency],
    payable: () => PAYMENT_CURRENCIES.filter((currency) => rails[currency]),
  };
}

// The browser wallet as the page sees it: an EIP-1193 provider injected at
// window.ethereum. This file stays free of viem so that pages which only show the
// wallet's state do not load the payment code.

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

/** The injected wallet, or null when the browser has none. */
export function getProvider(): Eip1193Provider | null {
  return typeof window !== 'undefined' && window.ethereum && typeof window.ethereum.request === 'function' ? window.ethereum : null;
}

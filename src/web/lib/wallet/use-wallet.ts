import { useEffect, useSyncExternalStore } from 'react';
import { getProvider } from './provider';
import { asWalletError, WALLET_MESSAGES, WalletError } from './wallet-errors';

/** What the page knows of the browser wallet (SPEC.md section 4, wallet connection). */
export type WalletState =
  | { status: 'unavailable' }
  | { status: 'disconnected' }
  | { status: 'connected'; account: `0x${string}` };

// One shared state for every component on the page, kept in step with the wallet's
// own accountsChanged events, so switching accounts in the wallet shows everywhere.
let state: WalletState = { status: 'unavailable' };
const listeners = new Set<() => void>();
let watching = false;

function setState(next: WalletState): void {
  if (next.status === state.status && (next.status !== 'connected' || (state.status === 'connected' && state.account === next.account))) return;
  state = next;
  for (const listener of listeners) listener();
}

function fromAccounts(accounts: unknown): WalletState {
  const first = Array.isArray(accounts) ? accounts.find((value): value is string => typeof value === 'string') : undefined;
  return first ? { status: 'connected', account: first as `0x${string}` } : { status: 'disconnected' };
}

/** Starts following the wallet once: its current accounts (no prompt) and later changes. */
function watch(): void {
  const provider = getProvider();
  if (watching || !provider) return;
  watching = true;
  setState({ status: 'disconnected' });
  provider.on?.('accountsChanged', (accounts) => setState(fromAccounts(accounts)));
  provider
    .request({ method: 'eth_accounts' })
    .then((accounts) => setState(fromAccounts(accounts)))
    .catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks the wallet for its accounts (the wallet may show a prompt) and answers the first. */
export async function connectWallet(): Promise<`0x${string}`> {
  const provider = getProvider();
  if (!provider) throw new WalletError('no-wallet', WALLET_MESSAGES.noWallet);
  watch();
  let accounts: unknown;
  try {
    accounts = await provider.request({ method: 'eth_requestAccounts' });
  } catch (error) {
    throw asWalletError(error, 'connect-failed', WALLET_MESSAGES.connectFailed);
  }
  const next = fromAccounts(accounts);
  if (next.status !== 'connected') throw new WalletError('no-accounts', WALLET_MESSAGES.noAccounts);
  setState(next);
  return next.account;
}

export function useWallet() {
  useEffect(watch, []);
  const wallet = useSyncExternalStore(subscribe, () => state, () => state);
  return { wallet, connect: connectWallet };
}

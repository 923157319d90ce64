// A test wallet for e2e payments: window.ethereum (a minimal EIP-1193 provider) injected
// into the page, answered in Node with anvil's dev accounts. Accounts and signatures
// stay in Node; chain reads go to the e2e anvil (playwright.config.ts starts it).
import type { Page } from '@playwright/test';
import { BaseError, createWalletClient, http, isHex, type Address, type Hash, type Hex } from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';

/** Anvil's well-known development mnemonic: its accounts are prefunded with 10,000 ETH. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
/** How many dev accounts the e2e anvil has (indexes 0 to DEV_ACCOUNTS - 1). */
export const DEV_ACCOUNTS = 20;
/** The dev account PAYMENT_ADDRESS (memberships) belongs to in the e2e server. */
export const PLATFORM_ACCOUNT_INDEX = 19;
/** Anvil's chain id, the only chain the test wallet can switch to. */
export const ANVIL_CHAIN_ID = 31337;

const accounts = new Map<number, HDAccount>();

/** Dev account `index` of the anvil mnemonic. */
export function devAccount(index: number): HDAccount {
  if (!Number.isInteger(index) || index < 0 || index >= DEV_ACCOUNTS) throw new Error(`no dev account ${index}`);
  let account = accounts.get(index);
  if (!account) {
    account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });
    accounts.set(index, account);
  }
  return account;
}

/** The e2e anvil's JSON-RPC URL. */
export function anvilUrl(): string {
  const port = process.env.HUSHBOARD_E2E_ANVIL_PORT;
  if (!port) throw new Error('HUSHBOARD_E2E_ANVIL_PORT is not set: run through playwright.config.ts');
  return `http://127.0.0.1:${port}`;
}

/** An EIP-1193 error, as the page receives it: `{ code, message, data? }`. */
export interface ProviderError {
  code: number;
  message: string;
  data?: unknown;
}

class RpcError extends Error implements ProviderError {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

let rpcId = 0;

/** One JSON-RPC call to the e2e anvil; a JSON-RPC error is thrown as `{ code, message, data }`. */
export async function rpc<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(anvilUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: ProviderError };
  if (body.error) throw new RpcError(body.error.code, body.error.message, body.error.data);
  return body.result as T;
}

/** An address's ETH balance in wei. */
export async function balanceOf(address: string): Promise<bigint> {
  return BigInt(await rpc<Hex>('eth_getBalance', [address, 'latest']));
}

/** Mines `blocks` empty blocks (more confirmations for the transactions before). */
export async function mine(blocks = 1): Promise<void> {
  await rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
}

export interface TestWallet {
  /** The current account's address (changes with switchAccount). */
  readonly address: Address;
  /** The current viem account. */
  readonly account: HDAccount;
  /** The chain the wallet is on now (31337 unless started elsewhere). */
  readonly chainId: number;
  /** Every method the page called, in order (including the ones forwarded to anvil). */
  readonly calls: string[];
  /** The next call of `method` fails with 4001 'User rejected the request.'. */
  rejectNext(method: string): void;
  /** eth_accounts and eth_requestAccounts answer [] until unlock(); signing and sending answer 4100. */
  lock(): void;
  unlock(): void;
  /** Changes to dev account `index` and emits accountsChanged [address] into the page. */
  switchAccount(index: number): Promise<void>;
  /** The wallet moves to another chain by itself (the user switched in the wallet): emits chainChanged. */
  switchChain(chainId: number): Promise<void>;
  /** Emits any provider event into the page. */
  emit(event: string, payload: unknown): Promise<void>;
}

type Answer = { result: unknown } | { error: ProviderError };

const toProviderError = (error: unknown): ProviderError => {
  if (error instanceof BaseError) {
    const coded = error.walk((cause) => typeof (cause as { code?: unknown }).code === 'number') as { code?: number } | null;
    return { code: coded?.code ?? -32603, message: error.shortMessage };
  }
  if (error && typeof error === 'object' && typeof (error as ProviderError).code === 'number') {
    const { code, message, data } = error as ProviderError;
    return data === undefined ? { code, message: String(message) } : { code, message: String(message), data };
  }
  return { code: -32603, message: error instanceof Error ? error.message : String(error) };
};

/**
 * Injects window.ethereum into every document the page loads from now on: call it
 * before page.goto. The provider has request({ method, params }), on, removeListener
 * and isMetaMask: false; errors reach the page as Errors with a numeric `code`.
 */
export async function injectWallet(page: Page, accountIndex: number, options: { chainId?: number } = {}): Promise<TestWallet> {
  let account = devAccount(accountIndex);
  let chainId = options.chainId ?? ANVIL_CHAIN_ID;
  let locked = false;
  const rejections = new Set<string>();
  const calls: string[] = [];
  // One transaction at a time, so two sends never take the same nonce.
  let sending: Promise<unknown> = Promise.resolve();

  const emit = async (event: string, payload: unknown) => {
    await page.evaluate(
      ([name, value]) => (window as unknown as { __hushboardWalletEmit?: (event: string, payload: unknown) => void }).__hushboardWalletEmit?.(name, value),
      [event, payload] as const,
    );
  };
  const hexChainId = (id: number) => `0x${id.toString(16)}`;
  const requireUnlocked = () => {
    if (locked) throw new RpcError(4100, 'The requested account and/or method has not been authorized by the user.');
  };
  const requireOwnAddress = (address: unknown) => {
    if (typeof address === 'string' && address.toLowerCase() !== account.address.toLowerCase()) {
      throw new RpcError(4100, `The requested account ${address} has not been authorized by the user.`);
    }
  };

  const handle = async (method: string, params: unknown[]): Promise<unknown> => {
    if (rejections.delete(method)) throw new RpcError(4001, 'User rejected the request.');
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return locked ? [] : [account.address];
      case 'eth_chainId':
        return hexChainId(chainId);
      case 'net_version':
        return String(chainId);
      case 'wallet_switchEthereumChain': {
        const requested = (params[0] as { chainId?: string } | undefined)?.chainId;
        if (typeof requested !== 'string' || Number(requested) !== ANVIL_CHAIN_ID) {
          throw new RpcError(4902, `Unrecognized chain ID "${String(requested)}". Try adding the chain using wallet_addEthereumChain first.`);
        }
        if (chainId !== ANVIL_CHAIN_ID) {
          chainId = ANVIL_CHAIN_ID;
          await emit('chainChanged', hexChainId(chainId));
        }
        return null;
      }
      case 'personal_sign': {
        requireUnlocked();
        const [message, address] = params as [unknown, unknown];
        if (typeof message !== 'string') throw new RpcError(-32602, 'personal_sign expects [message, address]');
        requireOwnAddress(address);
        return isHex(message) ? account.signMessage({ message: { raw: message } }) : account.signMessage({ message });
      }
      case 'eth_sendTransaction': {
        requireUnlocked();
        if (chainId !== ANVIL_CHAIN_ID) throw new RpcError(-32603, 'wrong chain');
        const tx = (params[0] ?? {}) as { from?: string; to?: Address; value?: Hex; data?: Hex; gas?: Hex };
        requireOwnAddress(tx.from);
        const wallet = createWalletClient({ account, chain: foundry, transport: http(anvilUrl()) });
        const send = sending.then(() =>
          wallet.sendTransaction({
            to: tx.to ?? null,
            value: tx.value ? BigInt(tx.value) : undefined,
            data: tx.data,
            gas: tx.gas ? BigInt(tx.gas) : undefined,
          }),
        );
        sending = send.catch(() => undefined);
        return (await send) as Hash;
      }
      default:
        return rpc(method, params);
    }
  };

  await page.exposeFunction('__hushboardWallet', async (method: string, params: unknown[] | undefined): Promise<Answer> => {
    calls.push(method);
    try {
      return { result: (await handle(method, params ?? [])) ?? null };
    } catch (error) {
      return { error: toProviderError(error) };
    }
  });

  await page.addInitScript(() => {
    type Listener = (payload: unknown) => void;
    type Bridge = (method: string, params: unknown[] | undefined) => Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }>;
    const target = window as unknown as {
      ethereum?: unknown;
      __hushboardWallet: Bridge;
      __hushboardWalletEmit?: (event: string, payload: unknown) => void;
    };
    const listeners = new Map<string, Set<Listener>>();
    target.__hushboardWalletEmit = (event, payload) => {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
    };
    const provider = {
      isMetaMask: false,
      async request(args: { method: string; params?: unknown[] }) {
        if (!args || typeof args.method !== 'string') throw Object.assign(new Error('Expected a single, non-array, object argument.'), { code: -32600 });
        const answer = await target.__hushboardWallet(args.method, args.params);
        if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
        return answer.result;
      },
      on(event: string, listener: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(listener);
        return provider;
      },
      removeListener(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener);
        return provider;
      },
    };
    target.ethereum = provider;
  });

  return {
    get address() {
      return account.address;
    },
    get account() {
      return account;
    },
    get chainId() {
      return chainId;
    },
    calls,
    rejectNext: (method) => void rejections.add(method),
    lock: () => {
      locked = true;
    },
    unlock: () => {
      locked = false;
    },
    switchAccount: async (index) => {
      account = devAccount(index);
      await emit('accountsChanged', locked ? [] : [account.address]);
    },
    switchChain: async (id) => {
      chainId = id;
      await emit('chainChanged', hexChainId(id));
    },
    emit,
  };
}

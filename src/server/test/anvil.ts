// A real local chain for payment tests: anvil on a free port, started before a file's
// tests and stopped after, with a minimal ERC-20-like token deployed for the USDT/USDC
// paths. Anvil mines every transaction at once (1 confirmation); mine() adds blocks.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.js';
import type { TestUser } from './factories.js';

/** Anvil's well-known development mnemonic: its accounts are prefunded with 10,000 ETH. */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const ANVIL_BIN = path.resolve('node_modules/.bin/anvil');

/**
 * A token with just enough of ERC-20 for payment proofs, written directly in EVM
 * bytecode (no compiler at test time). Equivalent Solidity:
 *
 *   contract TestToken {
 *     event Transfer(address indexed from, address indexed to, uint256 value);
 *     function transfer(address to, uint256 value) external returns (bool) {
 *       emit Transfer(msg.sender, to, value);
 *       return true;
 *     }
 *     fallback() external payable { revert(); }   // any other call reverts
 *   }
 *
 * Runtime: selector = calldataload(0) >> 224; if selector != 0xa9059cbb revert(0, 0);
 * mstore(0, calldataload(36)); log3(0, 32, Transfer, caller, calldataload(4));
 * mstore(0, 1); return(0, 32). Init code copies the 78-byte runtime and returns it.
 */
const TOKEN_RUNTIME =
  '600035' + // PUSH1 0 CALLDATALOAD
  '60e01c' + // PUSH1 224 SHR
  '63a9059cbb14' + // PUSH4 transfer(address,uint256) EQ
  '601357' + // PUSH1 0x13 JUMPI
  '600080fd' + // PUSH1 0 DUP1 REVERT
  '5b' + // 0x13: JUMPDEST
  '602435600052' + // mstore(0, value)
  '60043533' + // topic2 = to, topic1 = caller
  '7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef' + // topic0 = Transfer
  '60206000a3' + // LOG3(0, 32, ...)
  '600160005260206000f3'; // return true
const TOKEN_INIT = `0x604e80600b6000396000f3${TOKEN_RUNTIME}` as Hex;

export interface LocalChain {
  url: string;
  /** Config for useTestApp: filled in before the app is built (pass this same object). */
  config: Partial<Config>;
  publicClient: PublicClient;
  /** The deployed token, configured as USDC_ADDRESS. */
  token: Address;
  account(index: number): HDAccount;
  /** Sends `wei` from dev account `from` to `to`; answers the mined hash. */
  payEth(from: number, to: string, wei: bigint): Promise<Hash>;
  /** A token transfer of `units` (6 decimals) from dev account `from` to `to`. */
  payToken(from: number, to: string, units: bigint): Promise<Hash>;
  /** A transaction that is mined but reverted (ETH sent to the token, which refuses it). */
  revertedTx(from: number): Promise<Hash>;
  mine(blocks: number): Promise<void>;
  stop(): Promise<void>;
  /** Starts the node again on the same port, with the chain as it was when stopped. */
  restart(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswers(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`anvil did not answer at ${url}`);
}

/** A URL where nothing listens: a chain node that is down. */
export async function deadRpcUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/** Starts anvil for this test file (call at top level, before useTestApp). */
export function useLocalChain(): LocalChain {
  const chain = { config: {} } as LocalChain;
  let child: ChildProcess | undefined;
  const accounts = new Map<number, HDAccount>();
  const account = (index: number) => {
    if (!accounts.has(index)) accounts.set(index, mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index }));
    return accounts.get(index)!;
  };
  let port = 0;
  let stateFile = '';

  const start = async () => {
    // --state: the chain is saved on exit and loaded on restart, like a node that was down.
    child = spawn(ANVIL_BIN, ['--port', String(port), '--silent', '--accounts', '20', '--state', stateFile], { stdio: 'ignore' });
    await waitUntilAnswers(chain.url);
  };
  const wallet = (index: number) => createWalletClient({ account: account(index), chain: foundry, transport: http(chain.url) });
  const mined = async (hash: Hash) => {
    await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return hash;
  };

  chain.account = account;
  chain.payEth = async (from, to, wei) => mined(await wallet(from).sendTransaction({ to: to as Address, value: wei }));
  chain.payToken = async (from, to, units) =>
    mined(await wallet(from).writeContract({ address: chain.token, abi: erc20Abi, functionName: 'transfer', args: [to as Address, units] }));
  chain.revertedTx = async (from) => mined(await wallet(from).sendTransaction({ to: chain.token, value: 1000n, gas: 100_000n }));
  chain.mine = async (blocks) => {
    await chain.publicClient.request({ method: 'anvil_mine' as 'eth_chainId', params: [`0x${blocks.toString(16)}`] as unknown as undefined });
  };
  chain.stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill('SIGTERM');
    });
  };
  chain.restart = start;

  beforeAll(async () => {
    port = await freePort();
    stateFile = path.join(os.tmpdir(), `hushboard-anvil-${process.pid}-${port}.json`);
    chain.url = `http://127.0.0.1:${port}`;
    await start();
    chain.publicClient = createPublicClient({ chain: foundry, transport: http(chain.url) }) as PublicClient;
    const deployHash = await wallet(9).sendTransaction({ data: TOKEN_INIT, to: null });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 50 });
    chain.token = receipt.contractAddress!;
    Object.assign(chain.config, { ethRpcUrl: chain.url, usdcAddress: chain.token, usdtAddress: chain.token });
  });
  afterAll(async () => {
    await chain.stop();
    rmSync(stateFile, { force: true });
  });
  return chain;
}

/** Links dev account `index` to the user through the real challenge and signature. */
export async function linkWallet(chain: LocalChain, user: TestUser, index: number): Promise<Address> {
  const account = chain.account(index);
  const challenge = await user.client.post('/api/wallets/challenge', { address: account.address });
  if (challenge.statusCode !== 200) throw new Error(`challenge failed: ${challenge.statusCode} ${challenge.body}`);
  const { message } = challenge.json() as { message: string };
  const signature = await account.signMessage({ message });
  const linked = await user.client.post('/api/wallets', { message, signature });
  if (linked.statusCode !== 201) throw new Error(`link failed: ${linked.statusCode} ${linked.body}`);
  return account.address;
}

/** Adds a receiving address for the user. */
export async function addAddress(user: TestUser, address: string, options: { currency?: string; useForAnonymous?: boolean } = {}) {
  const response = await user.client.post('/api/crypto/addresses', { currency: options.currency ?? 'ETH', address, useForAnonymous: options.useForAnonymous ?? false });
  if (response.statusCode !== 201) throw new Error(`add address failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number };
}

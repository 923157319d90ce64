import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import chromium from '@sparticuz/chromium';
import { defineConfig } from '@playwright/test';
import { mnemonicToAccount } from 'viem/accounts';
import { CHROMIUM_ARGS } from './e2e/chromium-args.js';

// End-to-end tests: the built app (`npm run build`) served by the real server on its
// own port, with a fresh embedded database, driven in a real Chromium.
// A free port chosen once by the runner (workers inherit it), so an e2e run never
// collides with another server on this machine.
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
process.env.HUSHBOARD_E2E_PORT ??= String(await freePort());
const PORT = Number(process.env.HUSHBOARD_E2E_PORT);
const baseURL = `http://127.0.0.1:${PORT}`;
// A local chain (anvil) for payments, on its own free port chosen the same way.
process.env.HUSHBOARD_E2E_ANVIL_PORT ??= String(await freePort());
const ANVIL_PORT = Number(process.env.HUSHBOARD_E2E_ANVIL_PORT);
// Memberships are paid to anvil's dev account 19 (e2e/wallet.ts: PLATFORM_ACCOUNT_INDEX).
const platformAddress = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 19 }).address;

// Playwright evaluates this file in its runner and again in each worker; workers
// inherit the runner's environment, so only the runner creates (and later removes)
// the data directory.
let dataDir = process.env.HUSHBOARD_E2E_DATA_DIR;
if (!dataDir) {
  const created = mkdtempSync(path.join(tmpdir(), 'hushboard-e2e-'));
  // mkdtemp makes it owner-only; run as root, the server runs PostgreSQL as another user, who must get through.
  chmodSync(created, 0o755);
  dataDir = process.env.HUSHBOARD_E2E_DATA_DIR = created;
  // The server has stopped (gracefully, see webServer) by the time the runner exits.
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}

// Chromium from the @sparticuz/chromium npm package (unpacked into the temp dir on
// first use), so no browser download is needed; CHROMIUM_PATH overrides it.
const executablePath = process.env.CHROMIUM_PATH ?? (await chromium.executablePath());

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Journeys run once, at desktop size (tagged @desktop); @mobile tests need the small layout.
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { viewport: { width: 375, height: 812 } }, grepInvert: /@desktop/ },
  ],
  // Started in this order (and stopped in reverse): the chain, then the server using it.
  webServer: [
    {
      command: `node_modules/.bin/anvil --port ${ANVIL_PORT} --silent --accounts 20 --chain-id 31337`,
      port: ANVIL_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node dist/server/main.js',
      url: `${baseURL}/readyz`,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        RATE_LIMIT: 'off',
        LOG_LEVEL: 'warn',
        ETH_RPC_URL: `http://127.0.0.1:${ANVIL_PORT}`,
        PAYMENT_ADDRESS: platformAddress,
      },
      timeout: 120_000,
      reuseExistingServer: false,
      // SIGTERM lets the server stop its embedded PostgreSQL instead of orphaning it.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});

// Guessing codes is limited per address (the write gate's named limits) and per account
// (plugins/account-limit.ts), shared/constants.ts having both budgets.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, RATE_LIMITS } from '../../../shared/constants.js';
import { useTestApp } from '../../test/app.js';
import { signUp } from '../../test/factories.js';

const t = useTestApp({ config: { rateLimit: true } });
let address = 0;
/** A client from an address of its own, so only the per-account budget is shared. */
const elsewhere = () => t.client({ ip: `198.18.${Math.floor(address / 200)}.${(address++ % 200) + 1}` });

describe('limits on guessing codes', () => {
  it('per account: second-factor codes at sign-in, counted only once the password is proved, from any address', async () => {
    const user = await signUp(t, { ip: '198.19.0.1' });
    const { secret } = (await user.client.post('/api/user/totp')).json() as { secret: string };
    const code = (steps: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
    expect((await user.client.post('/api/user/totp/verify', { code: code(0) })).statusCode).toBe(200);
    const wrong = code(1) === '000000' ? '111111' : '000000';

    // Wrong passwords spend nothing of the account's code budget.
    for (let i = 0; i < ACCOUNT_LIMITS.secondFactor.max + 1; i++) expect((await elsewhere().post('/api/login', { username: user.username, password: 'nope', code: wrong })).statusCode).toBe(401);
    // The enrolment's code was the budget's first try.
    for (let i = 1; i < ACCOUNT_LIMITS.secondFactor.max; i++) {
      expect((await elsewhere().post('/api/login', { username: user.username, password: 'password1', code: wrong })).json()).toEqual({ message: 'Invalid code' });
    }
    const limited = await elsewhere().post('/api/login', { username: user.username, password: 'password1', code: code(1) });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many requests/);
  }, 120_000);

  it('per account: password resets with a recovery code', async () => {
    const user = await signUp(t, { ip: '198.19.0.2' });
    const { recoveryCodes } = (await user.client.post('/api/user/recovery-codes', { password: 'password1' })).json() as { recoveryCodes: string[] };
    for (let i = 0; i < ACCOUNT_LIMITS.recover.max; i++) {
      expect((await elsewhere().post('/api/recover', { username: user.username, recoveryCode: 'zzzzz-zzzzz', newPassword: 'new-pass' })).statusCode).toBe(401);
    }
    expect((await elsewhere().post('/api/recover', { username: user.username, recoveryCode: recoveryCodes[0], newPassword: 'new-pass' })).statusCode).toBe(429);
    // Nothing changed: the password is the old one.
    expect((await elsewhere().login(user.username, 'password1')).statusCode).toBe(200);
  }, 120_000);

  it('per address: recovery tries from one address, whatever the account', async () => {
    const ip = '198.19.1.1';
    for (let i = 0; i < RATE_LIMITS.recover.max; i++) {
      expect((await t.client({ ip }).post('/api/recover', { username: `nobody${i}`, recoveryCode: 'zzzzz-zzzzz', newPassword: 'new-pass' })).statusCode).toBe(401);
    }
    expect((await t.client({ ip }).post('/api/recover', { username: 'nobody_else', recoveryCode: 'zzzzz-zzzzz', newPassword: 'new-pass' })).statusCode).toBe(429);
  }, 120_000);
});

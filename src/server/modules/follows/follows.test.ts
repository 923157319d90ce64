import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp(t), signUp(t)]);
});

describe('follows', () => {
  it('follow and unfollow are idempotent and counted', async () => {
    expect((await alice.client.get(`/api/users/${bob.id}/is-following`)).json()).toEqual({ isFollowing: false });
    expect((await alice.client.post(`/api/users/${bob.id}/follow`)).json()).toEqual({ isFollowing: true, followersCount: 1, followingCount: 0 });
    expect((await alice.client.post(`/api/users/${bob.id}/follow`)).json()).toEqual({ isFollowing: true, followersCount: 1, followingCount: 0 });
    expect((await alice.client.get(`/api/users/${bob.id}/is-following`)).json()).toEqual({ isFollowing: true });
    expect((await t.client().get(`/api/users/${alice.id}/follow-stats`)).json()).toEqual({ followersCount: 0, followingCount: 1 });
    expect((await alice.client.delete(`/api/users/${bob.id}/follow`)).json()).toEqual({ isFollowing: false, followersCount: 0, followingCount: 0 });
    expect((await alice.client.delete(`/api/users/${bob.id}/follow`)).statusCode).toBe(200);
    expect((await alice.client.get(`/api/users/${bob.id}/is-following`)).json()).toEqual({ isFollowing: false });
  });

  it('refuses self-follow with 400, visitors with 401 and unknown users with 404', async () => {
    const self = await alice.client.post(`/api/users/${alice.id}/follow`);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot follow yourself' });
    expect((await t.client().post(`/api/users/${bob.id}/follow`)).statusCode).toBe(401);
    expect((await alice.client.post('/api/users/99999999/follow')).statusCode).toBe(404);
    expect((await t.client().get(`/api/users/${bob.id}/is-following`)).json()).toEqual({ isFollowing: false });
  });
});

/**
 * SPEED TRICK, fenced: a cookie written straight into the Set-Cookie header, past
 * @fastify/cookie's reply.setCookie.
 *
 * Why, and what it measured (git log: 1a663c1, 26e9bb3): for a new visitor's CSRF cookie,
 * reply.setCookie's serializer and the onSend hook it arms were most of what a new visitor
 * cost more than a returning one (16-18 µs before the batch minting and this, 4 after).
 *
 * What it depends on (pinned in package.json): @fastify/cookie@11.1.0's onSend hook
 * appends the cookies set later with reply.setCookie (a login's session) to a Set-Cookie
 * header already on the reply, instead of replacing it; and the attributes below are what
 * its serializer writes for { maxAge, path: '/', httpOnly, sameSite: 'lax', secure }.
 * raw-set-cookie.internals.test.ts checks both against the installed @fastify/cookie.
 *
 * When it breaks: use the public API, `reply.setCookie(name, value, { maxAge, path: '/',
 * httpOnly: true, sameSite: 'lax', secure })`, and pay its few microseconds.
 */

const ATTRIBUTES = `; Max-Age=${365 * 24 * 60 * 60}; Path=/; HttpOnly; SameSite=Lax`;
const ATTRIBUTES_SECURE = `${ATTRIBUTES}; Secure`;

/**
 * A Set-Cookie value for a year-long, HttpOnly, SameSite=Lax cookie on the whole site.
 * `value` must need no encoding (url-safe characters only).
 */
export function yearLongCookie(name: string, value: string, secure: boolean): string {
  return `${name}=${value}${secure ? ATTRIBUTES_SECURE : ATTRIBUTES}`;
}

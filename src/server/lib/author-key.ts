import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { hashRaw } from '@node-rs/argon2';

/**
 * The author key (CONTRACT.md section 13, docs/privacy.md): 32 random bytes per account
 * that recognise the account's anonymous writing. The database keeps it only wrapped:
 * under a key derived from the password (argon2id with a salt of its own, so the
 * password hash in the users row cannot unwrap it), in each session under a key derived
 * from the session's cookie token (the row keeps only the token's SHA-256), and, for
 * accounts that have not signed in since sealed authorship arrived, in escrow under
 * SECRET; and under each passkey whose authenticator has the PRF extension. Every
 * wrapped form is `v1.<iv>.<ciphertext+tag>` (AES-256-GCM, base64url), prefixed with the argon2 salt for the password form.
 */
export type AuthorKey = Buffer;

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

// The login's own argon2id work (lib/password.ts), with 32 raw bytes out.
const passwordKdf = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: KEY_BYTES };

export function newAuthorKey(): AuthorKey {
  return randomBytes(KEY_BYTES);
}

function sealBytes(wrappingKey: Buffer, plaintext: Buffer, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', wrappingKey, iv);
  // The context is authenticated: a sealed value moved to another purpose does not open.
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return `${iv.toString('base64url')}.${body.toString('base64url')}`;
}

function openBytes(wrappingKey: Buffer, sealed: string, context: string, length: number): Buffer | null {
  const [ivText, bodyText, extra] = sealed.split('.');
  if (ivText === undefined || bodyText === undefined || extra !== undefined) return null;
  const iv = Buffer.from(ivText, 'base64url');
  const body = Buffer.from(bodyText, 'base64url');
  if (iv.length !== IV_BYTES || body.length !== length + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', wrappingKey, iv);
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(body.subarray(length));
    return Buffer.concat([decipher.update(body.subarray(0, length)), decipher.final()]);
  } catch {
    return null;
  }
}

const seal = (wrappingKey: Buffer, key: AuthorKey, context: string) => sealBytes(wrappingKey, key, context);
const open = (wrappingKey: Buffer, sealed: string, context: string): AuthorKey | null => openBytes(wrappingKey, sealed, context, KEY_BYTES);

const derived = (secret: Buffer | string, info: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, KEY_BYTES));

/** The key wrapped under a typed secret: argon2id with a salt of its own, then AES-GCM bound to `context`. */
async function wrapUnderTyped(key: AuthorKey, typed: string, context: string): Promise<string> {
  const salt = randomBytes(16);
  const kek = await hashRaw(typed, { ...passwordKdf, salt });
  return `${VERSION}.${salt.toString('base64url')}.${seal(kek, key, context)}`;
}

async function unwrapUnderTyped(wrapped: string, typed: string, context: string): Promise<AuthorKey | null> {
  const [version, saltText, ...rest] = wrapped.split('.');
  if (version !== VERSION || saltText === undefined || rest.length !== 2) return null;
  const salt = Buffer.from(saltText, 'base64url');
  if (salt.length < 8) return null;
  const kek = await hashRaw(typed, { ...passwordKdf, salt });
  return open(kek, rest.join('.'), context);
}

/** The key wrapped under the password: one argon2id derivation, as long as the login's. */
export function wrapWithPassword(key: AuthorKey, password: string): Promise<string> {
  return wrapUnderTyped(key, password, 'password');
}

/** The key under the password, or null when the password or the wrapped form is not right. */
export function unwrapWithPassword(wrapped: string, password: string): Promise<AuthorKey | null> {
  return unwrapUnderTyped(wrapped, password, 'password');
}

/**
 * The key wrapped under one recovery code (CONTRACT.md section 15), as under the
 * password but with a salt of the code's own: the wrapped form is also how the code is
 * checked (it opens, or it does not), so the code is stored only behind argon2id.
 */
export function wrapWithRecoveryCode(key: AuthorKey, code: string): Promise<string> {
  return wrapUnderTyped(key, code, 'recovery-code');
}

export function unwrapWithRecoveryCode(wrapped: string, code: string): Promise<AuthorKey | null> {
  return unwrapUnderTyped(wrapped, code, 'recovery-code');
}

/**
 * A short secret sealed under SECRET for one purpose and one owner (the second factor's
 * TOTP secret): a database thief alone cannot open it.
 */
export function sealUnderSecret(plaintext: Buffer, secret: string, context: string): string {
  return `${VERSION}.${sealBytes(derived(secret, 'hushboard sealed under SECRET'), plaintext, context)}`;
}

export function openUnderSecret(sealed: string, secret: string, context: string, length: number): Buffer | null {
  const [version, ...rest] = sealed.split('.');
  if (version !== VERSION || rest.length !== 2) return null;
  return openBytes(derived(secret, 'hushboard sealed under SECRET'), rest.join('.'), context, length);
}

/**
 * The key wrapped under a passkey's PRF output (docs/decisions/021-passkeys.md): HKDF of
 * the output with the credential's own random salt. The output comes from the
 * authenticator at each sign-in and is never stored, so the wrap opens only with it.
 */
export function wrapWithPrf(key: AuthorKey, prfOutput: Buffer, salt: Buffer): string {
  return `${VERSION}.${seal(prfKek(prfOutput, salt), key, 'passkey-prf')}`;
}

export function unwrapWithPrf(wrapped: string, prfOutput: Buffer, salt: Buffer): AuthorKey | null {
  const [version, ...rest] = wrapped.split('.');
  if (version !== VERSION || rest.length !== 2) return null;
  return open(prfKek(prfOutput, salt), rest.join('.'), 'passkey-prf');
}

const prfKek = (prfOutput: Buffer, salt: Buffer) => Buffer.from(hkdfSync('sha256', prfOutput, salt, 'hushboard passkey author-key', KEY_BYTES));

/**
 * The key in escrow under SECRET: only for accounts that existed before sealed
 * authorship and have not signed in since (docs/privacy.md says what that means).
 */
export function escrow(key: AuthorKey, secret: string): string {
  return `${VERSION}.${seal(derived(secret, 'hushboard author-key escrow'), key, 'escrow')}`;
}

export function unescrow(escrowed: string, secret: string): AuthorKey | null {
  const [version, ...rest] = escrowed.split('.');
  if (version !== VERSION || rest.length !== 2) return null;
  return open(derived(secret, 'hushboard author-key escrow'), rest.join('.'), 'escrow');
}

/**
 * The key as a session row keeps it: under a key derived from the cookie's token,
 * which the database never holds (it keeps the token's SHA-256 as the row's id).
 */
export function sealForSession(key: AuthorKey, token: string): string {
  return `${VERSION}.${seal(derived(token, 'hushboard session author-key'), key, 'session')}`;
}

export function openForSession(sealed: string, token: string): AuthorKey | null {
  const [version, ...rest] = sealed.split('.');
  if (version !== VERSION || rest.length !== 2) return null;
  return open(derived(token, 'hushboard session author-key'), rest.join('.'), 'session');
}

/**
 * The author tag of one account in one thread: what an anonymous thread or post keeps
 * instead of its author. One HMAC tells its author "this is mine"; without the key it
 * is 32 hex characters unrelated to the account and to the same author's other threads.
 */
export function authorTag(key: AuthorKey, threadId: number): string {
  return createHmac('sha256', key).update(`author-tag:${threadId}`).digest('hex').slice(0, 32);
}

/**
 * The poster ID shown on an anonymous thread's or post's thread page (CONTRACT.md
 * sections 11 and 13), from its tag alone: stable for the thread's life, unchanged when
 * the account is renamed or deleted, unrelated across threads, and not the tag itself
 * (which suspensions name).
 */
export function posterIdOfTag(tag: string): string {
  let id = posterIds.get(tag);
  if (id === undefined) {
    id = createHash('sha256').update(`poster-id:${tag}`).digest('base64url').slice(0, 8);
    if (posterIds.size >= POSTER_IDS_KEPT) posterIds.clear();
    posterIds.set(tag, id);
  }
  return id;
}

/**
 * A thread page hashes one tag per anonymous reply: the IDs are kept (a tag and its ID
 * are both public, so keeping them tells nothing), emptied when full.
 */
const POSTER_IDS_KEPT = 50_000;
const posterIds = new Map<string, string>();

/** A signed-in author's tags, one HMAC per thread, kept for the request that asks. */
export function authorTagsOf(key: AuthorKey): (threadId: number) => string {
  const tags = new Map<number, string>();
  return (threadId) => {
    let tag = tags.get(threadId);
    if (tag === undefined) {
      tag = authorTag(key, threadId);
      tags.set(threadId, tag);
    }
    return tag;
  };
}

/**
 * The author's list of the threads they wrote in anonymously (their Activity tab, their
 * notifications' tags) is kept as one row per thread in `authored_threads`, each under a
 * slot reference of its own: HMAC(key, slot n) for n = 0, 1, 2, ... So the rows of one
 * author share no value, and a dump cannot even group them; only the key finds them,
 * by asking for its next references until one is missing.
 */
export function authoredSlotRef(key: AuthorKey, slot: number): string {
  return createHmac('sha256', key).update(`authored-slot:${slot}`).digest('hex').slice(0, 32);
}

/** A thread id sealed under the key, bound to its slot (a row moved to another slot does not open). */
export function sealThreadId(key: AuthorKey, ref: string, threadId: number): string {
  const id = Buffer.alloc(8);
  id.writeBigUInt64BE(BigInt(threadId));
  return sealBytes(derived(key, 'hushboard authored threads'), id, ref);
}

export function openThreadId(key: AuthorKey, ref: string, sealed: string): number | null {
  const id = openBytes(derived(key, 'hushboard authored threads'), sealed, ref, 8);
  return id === null ? null : Number(id.readBigUInt64BE());
}

/**
 * A voter's tag on one item (CONTRACT.md section 13): one per voter per thread or post,
 * so the voter finds and changes their vote and the unique index keeps one each, while
 * the votes of one voter share no value in the database.
 */
export function voterTag(key: AuthorKey, item: { threadId: number } | { postId: number }): string {
  const name = 'threadId' in item ? `thread:${item.threadId}` : `post:${item.postId}`;
  return createHmac('sha256', key).update(`voter-tag:${name}`).digest('hex').slice(0, 32);
}

/**
 * A voter's tag on one poll (CONTRACT.md section 13): their ballot's key, one per voter
 * per poll, so they find and change their own ballot and the primary key keeps one each,
 * while one voter's ballots in different polls share no value.
 */
export function pollVoterTag(key: AuthorKey, pollId: number): string {
  return createHmac('sha256', key).update(`voter-tag:poll:${pollId}`).digest('hex').slice(0, 32);
}

/**
 * An author's addresses marked for anonymous use are kept like their list of threads
 * (authoredSlotRef): one row per slot under HMAC(key, slot n), so the rows of one author
 * share no value (lib/anonymous-addresses.ts).
 */
export function addressSlotRef(key: AuthorKey, slot: number): string {
  return createHmac('sha256', key).update(`address-slot:${slot}`).digest('hex').slice(0, 32);
}

/** An address entry's sealed length: padded, so the ciphertext tells neither currency nor address length. */
const ADDRESS_ENTRY_BYTES = 320;

/** An address entry (JSON) sealed under the key, bound to its slot. */
export function sealAddressEntry(key: AuthorKey, ref: string, entry: string): string {
  const bytes = Buffer.from(entry);
  if (bytes.length > ADDRESS_ENTRY_BYTES) throw new Error('an address entry is too long to seal');
  const padded = Buffer.concat([bytes, Buffer.alloc(ADDRESS_ENTRY_BYTES - bytes.length, 0x20)]);
  return sealBytes(derived(key, 'hushboard anonymous addresses'), padded, ref);
}

/** The entry (JSON, padding included) of a slot, or null when it does not open. */
export function openAddressEntry(key: AuthorKey, ref: string, sealed: string): string | null {
  const bytes = openBytes(derived(key, 'hushboard anonymous addresses'), sealed, ref, ADDRESS_ENTRY_BYTES);
  return bytes === null ? null : bytes.toString();
}

/**
 * How an instance's live streams recognise one author's new anonymous thread, announced
 * on the events channel (modules/events: authors.ts) so that the author's streams on
 * every instance watch its tag: derived from the key for that purpose only, never
 * stored, and equal to nothing a row holds.
 */
export function liveAuthorId(key: AuthorKey): string {
  return createHmac('sha256', key).update('live-author').digest('hex').slice(0, 32);
}

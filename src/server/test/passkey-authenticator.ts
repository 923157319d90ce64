// A software authenticator for the API tests (and the benchmark): P-256 keys made with
// node:crypto, attestations ("none") and assertions built byte for byte as WebAuthn
// lays them out, and a PRF extension (an HMAC per credential) when asked to have one.
// What a browser adds (clientDataJSON with the page's origin) is built here too, so a
// test can play another origin or another site's RP ID.
import { createHash, createHmac, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  counter: number;
  /** The authenticator's PRF secret for this credential (hmac-secret's CredRandom). */
  prfSecret: Buffer;
  userHandle: string;
}

/** Where the browser says the ceremony happened. */
export interface Site {
  origin: string;
  rpId: string;
}

interface Options {
  /** Has the PRF extension: answers its input with an output of its own. */
  prf?: boolean;
  /** Counts signatures (a counter that rises); some real ones always say 0. */
  counts?: boolean;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(private readonly options: Options = {}) {}

  private prfOf(credential: Credential, input: string | undefined): string | undefined {
    if (!this.options.prf || input === undefined) return undefined;
    // As the browser salts the input before hmac-secret sees it.
    const salt = sha256(Buffer.concat([Buffer.from('WebAuthn PRF\0'), Buffer.from(input, 'base64url')]));
    return b64(createHmac('sha256', credential.prfSecret).update(salt).digest());
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** navigator.credentials.create() on `site` with options from POST /api/webauthn/registration/options. */
  register(options: Record<string, unknown>, site: Site) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const user = options.user as { id: string };
    const credential: Credential = { id: randomBytes(32), privateKey, counter: 0, prfSecret: randomBytes(32), userHandle: user.id };
    this.credentials.push(credential);
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, Buffer.from(isoCBOR.encode(coseKey))]);
    const authData = this.authData(site.rpId, UP | UV | AT, credential.counter, attested);
    const attestation = new Map<string, string | Uint8Array | Map<string, string>>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', authData],
    ]);
    const attestationObject = isoCBOR.encode(attestation);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: site.origin, crossOrigin: false });
    const prfInput = (options.extensions as { prf?: { eval?: { first?: string } } } | undefined)?.prf?.eval?.first;
    return {
      credentialId: b64(credential.id),
      response: {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key' as const,
        response: { clientDataJSON: b64(Buffer.from(clientDataJSON)), attestationObject: b64(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      },
      prfOutput: this.prfOf(credential, prfInput),
    };
  }

  /** navigator.credentials.get() on `site` with options from POST /api/webauthn/authentication/options, by a credential (default: the last made). */
  authenticate(options: Record<string, unknown>, site: Site, credential: Credential | undefined = this.credentials.at(-1)) {
    if (!credential) throw new Error('this authenticator holds no passkey');
    if (this.options.counts !== false) credential.counter++;
    const authData = this.authData(site.rpId, UP | UV, this.options.counts === false ? 0 : credential.counter);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: site.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    const prfInput = (options.extensions as { prf?: { eval?: { first?: string } } } | undefined)?.prf?.eval?.first;
    return {
      response: {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key' as const,
        response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature), userHandle: credential.userHandle },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      },
      prfOutput: this.prfOf(credential, prfInput),
    };
  }
}

/** The site the test app answers as (no PUBLIC_URL: the request's Host, `localhost` under inject). */
export const TEST_SITE: Site = { origin: 'http://localhost', rpId: 'localhost' };

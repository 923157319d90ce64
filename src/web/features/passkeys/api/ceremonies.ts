// The browser side of the passkey ceremonies (CONTRACT.md section 15). @simplewebauthn/browser
// is imported only here, and only when a ceremony starts, so it stays out of every page's
// first load (docs/web-bundle.md).
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { CurrentUser } from '../../../../shared/api.js';
import type { Passkey } from '../../../../shared/schemas/webauthn.js';
import { api } from '../../../lib/api-client';

const loadBrowser = () => import('@simplewebauthn/browser');

type PrfInputs = { prf?: { eval?: { first?: string } } };
type PrfResults = { prf?: { enabled?: boolean; results?: { first?: ArrayBuffer | Uint8Array } } };

const toBytes = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const toText = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * The server writes the PRF input as base64url (JSON); the browser needs its bytes.
 * SimpleWebAuthn hands `extensions` to the browser as they are, so they are converted here.
 */
function withPrfBytes<T extends { extensions?: unknown }>(options: T): T {
  const first = (options.extensions as PrfInputs | undefined)?.prf?.eval?.first;
  if (first === undefined) return options;
  return { ...options, extensions: { ...(options.extensions as object), prf: { eval: { first: toBytes(first) } } } };
}

/**
 * The PRF output of a ceremony, base64url, sent beside the response and never inside it
 * (the server keeps neither; it only wraps or unwraps the author key with it).
 */
function splitPrf<T extends { clientExtensionResults: unknown }>(result: T): { response: T; prfOutput?: string; prfEnabled: boolean } {
  const prf = (result.clientExtensionResults as PrfResults).prf;
  const first = prf?.results?.first;
  const response = { ...result, clientExtensionResults: {} };
  return { response, prfEnabled: prf?.enabled === true || first !== undefined, ...(first ? { prfOutput: toText(first) } : {}) };
}

export async function passkeysSupported(): Promise<boolean> {
  return (await loadBrowser()).browserSupportsWebAuthn();
}

/** Adds a passkey to the signed-in account; gives it the PRF wrap in a second touch when the authenticator answers PRF only at sign-in. */
export async function addPasskey(name: string): Promise<Passkey> {
  const { startRegistration, startAuthentication } = await loadBrowser();
  const options = await api.post<PublicKeyCredentialCreationOptionsJSON>('/api/webauthn/registration/options');
  const made = splitPrf<RegistrationResponseJSON>(await startRegistration({ optionsJSON: withPrfBytes(options) }));
  const passkey = await api.post<Passkey>('/api/webauthn/registration', { name, response: made.response, ...(made.prfOutput ? { prfOutput: made.prfOutput } : {}) });
  if (passkey.unlocksAnonymousPosts || !made.prfEnabled) return passkey;
  const request = await api.post<PublicKeyCredentialRequestOptionsJSON>('/api/webauthn/authentication/options');
  const asserted = splitPrf<AuthenticationResponseJSON>(
    await startAuthentication({ optionsJSON: withPrfBytes({ ...request, allowCredentials: [{ id: made.response.id, type: 'public-key' }] }) }),
  );
  if (!asserted.prfOutput) return passkey;
  return api.post<Passkey>(`/api/webauthn/passkeys/${passkey.id}/prf`, { response: asserted.response, prfOutput: asserted.prfOutput });
}

/** Signs in with a passkey alone: the browser asks which of this site's passkeys to use. */
export async function signInWithPasskey(): Promise<{ user: CurrentUser; unlocked: boolean }> {
  const { startAuthentication } = await loadBrowser();
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>('/api/webauthn/authentication/options');
  const asserted = splitPrf<AuthenticationResponseJSON>(await startAuthentication({ optionsJSON: withPrfBytes(options) }));
  return api.post('/api/webauthn/authentication', { response: asserted.response, ...(asserted.prfOutput ? { prfOutput: asserted.prfOutput } : {}) });
}

/** The browser's words when the person closed its passkey prompt: not an error worth a red toast. */
export function wasCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

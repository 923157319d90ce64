import { createContext, useContext, type ReactNode } from 'react';
import type { PageFormName, PageFormState } from '../../shared/page-render.js';
import { CSRF_BODY_FIELD } from '../../shared/constants.js';

/**
 * What a server-rendered page hands the app besides its data (entry-server.tsx renders
 * it, main.tsx reads it back from the page): the token its forms post as `_csrf`, and
 * a form re-rendered with the server's messages after a post without JavaScript.
 */
interface PageContext {
  csrfToken: string | null;
  form: PageFormState | null;
}

const PageStateContext = createContext<PageContext>({ csrfToken: null, form: null });

export function PageStateProvider({ value, children }: { value: PageContext; children: ReactNode }) {
  return <PageStateContext.Provider value={value}>{children}</PageStateContext.Provider>;
}

/** The server's answer to this form's last post without JavaScript (values, messages), if any. */
export function useServerForm(name: PageFormName): PageFormState | null {
  const { form } = useContext(PageStateContext);
  return form?.form === name ? form : null;
}

/**
 * The hidden `_csrf` field a form needs to post without JavaScript (CONTRACT.md
 * section 3); nothing on a page rendered for every visitor alike (it carries no token).
 */
export function CsrfField() {
  const { csrfToken } = useContext(PageStateContext);
  return csrfToken ? <input type="hidden" name={CSRF_BODY_FIELD} value={csrfToken} /> : null;
}

/** A form's message for everything but its fields: the server's, or why it needs JavaScript now. */
export function ServerFormMessage({ name }: { name: PageFormName }) {
  const form = useServerForm(name);
  if (!form || (!form.message && !form.needsJavaScript)) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
      {form.needsJavaScript
        ? 'This form needs JavaScript right now because the board is under heavy load. Please turn JavaScript on, or try again in a few minutes.'
        : form.message}
    </p>
  );
}

/**
 * Whether the app is rendering a page the server rendered first: on the server, and in
 * the browser during hydration, parts that reveal themselves over time (a long thread's
 * replies) start complete, so the first render equals the server's HTML.
 */
let hydrating = false;
export const startHydrating = () => void (hydrating = true);
export const endHydrating = () => void (hydrating = false);
export const renderingServerPage = () => typeof window === 'undefined' || hydrating;

/**
 * The clock relative times ('5 minutes ago') read: the server's while a server-rendered
 * page hydrates, so the first render writes what the server wrote.
 */
let pinnedNow: number | null = null;
export const pinClock = (now: number | null) => void (pinnedNow = now);
export const renderNow = () => pinnedNow ?? Date.now();

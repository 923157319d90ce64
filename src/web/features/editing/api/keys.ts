/** What is edited: a thread (its title, content and premium content) or a reply. */
export type EditTarget = { kind: 'thread'; id: number } | { kind: 'post'; id: number; threadId: number };

export const pathOf = (target: EditTarget) => `/api/${target.kind === 'thread' ? 'threads' : 'posts'}/${target.id}`;

/** Every query key of the editing feature. */
export const editingKeys = {
  /** The author's private history of one thread or post. */
  history: (target: EditTarget) => ['editing', 'history', target.kind, target.id] as const,
};

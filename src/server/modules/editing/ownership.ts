import { ForbiddenError } from '../../lib/errors.js';

/** Who asks to edit, or to read or erase a history: the signed-in user and their author tags (lib/viewer.ts). */
export interface Editor {
  id: number;
  authorTagOf?: ((threadId: number) => string) | null;
}

export const NOT_YOUR_POST = 'You can only edit your own posts';
export const HISTORY_AUTHOR_ONLY = 'Only the author can see or erase earlier versions';

/**
 * Whether the editor wrote this content: named content is its account's, anonymous content
 * its tag's (CONTRACT.md section 13). Being an admin changes nothing: admins delete other
 * people's words, they never rewrite or read their earlier versions.
 */
export function isAuthor(editor: Editor, content: { userId: number | null; authorTag: string | null; threadId: number }): boolean {
  if (content.authorTag !== null) return editor.authorTagOf != null && editor.authorTagOf(content.threadId) === content.authorTag;
  return content.userId !== null && content.userId === editor.id;
}

export function assertAuthor(editor: Editor, content: { userId: number | null; authorTag: string | null; threadId: number }, refusal: string): void {
  if (!isAuthor(editor, content)) throw new ForbiddenError(refusal);
}

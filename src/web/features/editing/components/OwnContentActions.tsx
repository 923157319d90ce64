import { History, Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { Editable } from '../api/edit';
import type { EditTarget } from '../api/keys';

// Editing and history are rare: their forms, dialogs and the shared schemas load when first opened.
const EditForm = lazy(() => import('./EditForm').then((module) => ({ default: module.EditForm })));
const HistoryDialog = lazy(() => import('./HistoryDialog').then((module) => ({ default: module.HistoryDialog })));

interface OwnContentActionsProps {
  target: EditTarget;
  content: Editable;
  /** A locked thread takes no edits (CONTRACT.md section 14); its history stays the author's. */
  locked: boolean;
}

/**
 * "Edit" and "History" on the viewer's own thread or reply, named or anonymous (`isOwn`),
 * and the inline edit form in their place while editing. Nothing for anyone else.
 */
export function OwnContentActions({ target, content, locked }: OwnContentActionsProps) {
  const [editing, setEditing] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  if (!content.isOwn || ('isDeleted' in content && content.isDeleted)) return null;
  const what = target.kind === 'thread' ? 'thread' : `post ${target.id}`;
  return (
    <>
      {editing ? (
        <div className="w-full basis-full">
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading editor...</p>}>
            <EditForm target={target} content={content} onDone={() => setEditing(false)} />
          </Suspense>
        </div>
      ) : (
        !locked && (
          <Button variant="ghost" size="sm" aria-label={`Edit ${what}`} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        )
      )}
      {content.editedAt !== null && (
        <Button variant="ghost" size="sm" aria-label={`History of ${what}`} aria-haspopup="dialog" onClick={() => setHistoryOpen(true)}>
          <History aria-hidden="true" />
          History
        </Button>
      )}
      {historyOpen && (
        <Suspense>
          <HistoryDialog target={target} onOpenChange={setHistoryOpen} />
        </Suspense>
      )}
    </>
  );
}

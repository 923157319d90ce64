import { MoreVertical } from 'lucide-react';
import type { CurrentUser, ThreadDetail } from '../../../../shared/api.js';
import { Button } from '../../../components/ui/button';
import { onFirstUse } from '../../../lib/on-first-use';

export interface ThreadMenuProps {
  thread: ThreadDetail;
  user: CurrentUser | null;
  onReport: () => void;
  onBan: (ipHash: string) => void;
  /** Admins: suspend the author of this anonymous thread without learning who it is (CONTRACT.md section 13). */
  onSuspendAuthor?: ((threadId: number) => void) | undefined;
}

const threadMenu = onFirstUse('menu', () => import('./ThreadMenuOpened').then((module) => module.ThreadMenuOpened));

/** The thread page's menu (SPEC.md section 2, thread detail): Report and Share; admins also Sticky, Lock, Ban User and (anonymous threads) Suspend Author; admins and the author Delete. */
export function ThreadMenu(props: ThreadMenuProps) {
  return (
    <threadMenu.Part
      {...props}
      trigger={
        <Button variant="ghost" size="icon" aria-label="Thread actions">
          <MoreVertical aria-hidden="true" />
        </Button>
      }
    />
  );
}

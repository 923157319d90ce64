import { Ban, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Thread } from '../../../../shared/api.js';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { DeleteThreadDialog } from './DeleteThreadDialog';
import type { PartTrigger } from '../../../lib/on-first-use';

export interface ThreadAdminMenuProps {
  thread: Thread;
  onBan: (ipHash: string) => void;
}

/** The card's admin menu itself (ThreadAdminMenu.tsx), mounted open on first use. */
export function ThreadAdminMenuOpened({ thread, onBan, trigger }: ThreadAdminMenuProps & { trigger: PartTrigger }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {thread.ipHash && (
            <DropdownMenuItem onSelect={() => onBan(thread.ipHash ?? '')}>
              <Ban />
              Ban User
            </DropdownMenuItem>
          )}
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
            <Trash2 />
            Delete Thread
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteThreadDialog thread={thread} open={confirming} onOpenChange={setConfirming} />
    </>
  );
}

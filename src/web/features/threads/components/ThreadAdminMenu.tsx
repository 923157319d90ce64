import { MoreHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { onFirstUse } from '../../../lib/on-first-use';
import type { ThreadAdminMenuProps } from './ThreadAdminMenuOpened';

const adminMenu = onFirstUse(() => import('./ThreadAdminMenuOpened').then((module) => module.ThreadAdminMenuOpened));

/** The thread card's admin menu (SPEC.md section 2): Ban User and Delete Thread. */
export function ThreadAdminMenu(props: ThreadAdminMenuProps) {
  const [Opened, triggerProps] = adminMenu.usePart();
  const trigger = (
    <Button variant="ghost" size="icon" className="size-8" aria-label="Moderation actions" aria-haspopup="menu" {...triggerProps}>
      <MoreHorizontal aria-hidden="true" />
    </Button>
  );
  return Opened ? <Opened {...props} trigger={trigger} /> : trigger;
}

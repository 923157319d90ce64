import { SpriteIcon } from '../../../components/icons/sprite';
import { Button } from '../../../components/ui/button';
import { onFirstUse } from '../../../lib/on-first-use';
import type { ThreadAdminMenuProps } from './ThreadAdminMenuOpened';

const adminMenu = onFirstUse('menu', () => import('./ThreadAdminMenuOpened').then((module) => module.ThreadAdminMenuOpened));

/** The thread card's admin menu (SPEC.md section 2): Ban User and Delete Thread. */
export function ThreadAdminMenu(props: ThreadAdminMenuProps) {
  return (
    <adminMenu.Part
      {...props}
      trigger={
        <Button variant="ghost" size="icon" className="size-8" aria-label="Moderation actions">
          <SpriteIcon name="ellipsis" />
        </Button>
      }
    />
  );
}

import { Menu } from 'lucide-react';
import { onFirstUse } from '../../lib/on-first-use';
import { Button } from '../ui/button';
import type { BoardsNav } from './BoardSidebar';

/** Announced on every open and close, for whoever wants to follow the drawer (detail: { open }). */
export const MOBILE_MENU_EVENT = 'hushboard:mobile-menu';

const mobileDrawer = onFirstUse('dialog', () => import('./MobileDrawerOpened').then((module) => module.MobileDrawerOpened));

/** The mobile menu drawer (SPEC.md section 2): user card, Home, Premium Membership and the boards. */
export function MobileDrawer({ boards }: { boards: BoardsNav }) {
  return (
    <mobileDrawer.Part
      boards={boards}
      trigger={
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Button>
      }
    />
  );
}

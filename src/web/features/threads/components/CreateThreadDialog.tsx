import { onFirstUse, type PartTrigger } from '../../../lib/on-first-use';
import type { CreateThreadDialogProps } from './CreateThreadDialogOpened';

const createThreadDialog = onFirstUse('dialog', () => import('./CreateThreadDialogOpened').then((module) => module.CreateThreadDialogOpened));

/** 'New Thread' (SPEC.md section 2): up to 600 px wide and 800 px high; closes on success. */
export function CreateThreadDialog({ children, ...props }: Omit<CreateThreadDialogProps, 'trigger'> & { children: PartTrigger }) {
  return <createThreadDialog.Part {...props} trigger={children} />;
}

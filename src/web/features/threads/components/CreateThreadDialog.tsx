import { cloneElement } from 'react';
import { onFirstUse } from '../../../lib/on-first-use';
import type { CreateThreadDialogProps } from './CreateThreadDialogOpened';

const createThreadDialog = onFirstUse(() => import('./CreateThreadDialogOpened').then((module) => module.CreateThreadDialogOpened));

/** 'New Thread' (SPEC.md section 2): up to 600 px wide and 800 px high; closes on success. */
export function CreateThreadDialog(props: CreateThreadDialogProps) {
  const [Opened, triggerProps] = createThreadDialog.usePart();
  if (Opened) return <Opened {...props} />;
  return cloneElement(props.children, { 'aria-haspopup': 'dialog' as const, ...triggerProps });
}

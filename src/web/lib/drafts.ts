// Drafts of what is being written (CONTRACT.md section 14): kept in this browser's
// localStorage as it is typed, never sent anywhere (a draft of an anonymous post on
// a server would tie it to its author). Restored when the form opens again, after a
// reload or a closed tab; gone once posted or discarded.
import { useCallback, useEffect, useRef } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

const PREFIX = 'hushboard:draft:';

type DraftValues = Record<string, string | boolean>;

function read(key: string): DraftValues | null {
  try {
    const stored = localStorage.getItem(PREFIX + key);
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return parsed && typeof parsed === 'object' ? (parsed as DraftValues) : null;
  } catch {
    return null;
  }
}

function write(key: string, values: DraftValues) {
  try {
    // A draft with no text (only a checkbox) is no draft.
    const hasText = Object.values(values).some((value) => typeof value === 'string' && value.trim() !== '');
    if (hasText) localStorage.setItem(PREFIX + key, JSON.stringify(values));
    else localStorage.removeItem(PREFIX + key);
  } catch {
    // Storage full or refused (a private window): the form still works, undrafted.
  }
}

export function clearDraft(key: string) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // As in write.
  }
}

/**
 * Keeps `fields` of a react-hook-form form as the draft `key` (e.g. `reply:12`):
 * restores them on mount, saves on every change. `key` null keeps nothing (the
 * form shows what the server sent back). Returns `clear`, for posted or discarded.
 */
export function useFormDraft<T extends FieldValues>(key: string | null, fields: ReadonlyArray<Path<T>>, form: Pick<UseFormReturn<T>, 'watch' | 'setValue'>) {
  const { watch, setValue } = form;
  const fieldsRef = useRef(fields);
  useEffect(() => {
    if (!key) return;
    const draft = read(key);
    if (draft) {
      for (const field of fieldsRef.current) {
        const value = draft[field];
        if (value !== undefined) setValue(field, value as PathValue<T, Path<T>>, { shouldDirty: true });
      }
    }
    const subscription = watch((values) => {
      const kept: DraftValues = {};
      for (const field of fieldsRef.current) {
        const value: unknown = values[field];
        if (typeof value === 'string' || typeof value === 'boolean') kept[field] = value;
      }
      write(key, kept);
    });
    return () => subscription.unsubscribe();
  }, [key, watch, setValue]);
  return useCallback(() => {
    if (key) clearDraft(key);
  }, [key]);
}

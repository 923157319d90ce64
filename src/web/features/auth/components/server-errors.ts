import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/** Shows a 400's per-field messages under the fields the form has. */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiError)) return;
  for (const field of fields) {
    const message = error.errors[field];
    if (message) setError(field, { type: 'server', message });
  }
}

import type { ComponentProps } from 'react';
import { Input } from './input';
import { Label } from './label';

type FormFieldProps = ComponentProps<typeof Input> & {
  id: string;
  label: string;
  /** Quiet text after the label, e.g. "(optional)". */
  hint?: string;
  error?: string | undefined;
};

/** A labelled input with its validation message underneath, linked for assistive technology. */
export function FormField({ id, label, hint, error, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {hint && <span className="font-normal text-muted-foreground">{hint}</span>}
      </Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...inputProps} />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import type { Thread } from '../../../../shared/api.js';
import { editPostSchema, editThreadSchema, type EditPostInput, type EditThreadInput } from '../../../../shared/schemas/editing.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { MarkdownEditor } from '../../../components/writing/MarkdownEditor';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { type Editable, editedElsewhere, useEditContent } from '../api/edit';
import type { EditTarget } from '../api/keys';

interface Fields {
  title: string;
  content: string;
  premiumContent: string;
}

const fieldsOf = (content: Editable): Fields => ({
  title: 'title' in content ? content.title : '',
  content: content.content,
  premiumContent: 'premiumContent' in content ? (content.premiumContent ?? '') : '',
});

/** The first message per field of a failed parse, as the server words it (one schema for both). */
function messagesOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'content')] ??= issue.message;
  return errors;
}

/**
 * The inline edit form of one's own thread or reply (CONTRACT.md section 14): the rules
 * and messages of creating, checked here and by the server with the same schema. An edit
 * based on an older version (another tab saved first) is not saved: the form shows the
 * text as it now is and lets its writer take it, or save theirs over it knowingly.
 */
export function EditForm({ target, content, onDone }: { target: EditTarget; content: Editable; onDone: () => void }) {
  const id = useId();
  const edit = useEditContent(target);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(content));
  const [version, setVersion] = useState(content.version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<Editable | null>(null);
  const isThread = target.kind === 'thread';
  const isPremium = isThread && (content as Thread).isPremium;
  const set = (name: keyof Fields) => (event: { currentTarget: { value: string } }) => setFields({ ...fields, [name]: event.currentTarget.value });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: EditThreadInput | EditPostInput = isThread
      ? { title: fields.title, content: fields.content, ...(isPremium ? { premiumContent: fields.premiumContent } : {}), version }
      : { content: fields.content, version };
    const parsed = (isThread ? editThreadSchema : editPostSchema).safeParse(input);
    if (!parsed.success) {
      setErrors(messagesOf(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await edit.mutateAsync(input);
      toast({ title: 'Saved', description: isThread ? 'Your thread has been edited.' : 'Your post has been edited.' });
      onDone();
    } catch (error) {
      const current = editedElsewhere(error);
      if (current) setConflict(current);
      else if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to save the edit') });
    }
  };

  const takeCurrent = () => {
    if (!conflict) return;
    setFields(fieldsOf(conflict));
    setVersion(conflict.version);
    setConflict(null);
  };
  const keepMine = () => {
    if (!conflict) return;
    setVersion(conflict.version);
    setConflict(null);
  };

  const area = (name: 'content' | 'premiumContent', label: string, rows: number) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <MarkdownEditor
        id={`${id}-${name}`}
        rows={rows}
        value={fields[name]}
        onChange={set(name)}
        autoFocus={name === 'content' && !isThread}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-sm text-destructive">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-3 rounded-lg border border-dashed p-3" aria-label={isThread ? 'Edit thread' : `Edit post ${target.id}`}>
      {conflict && (
        <Alert variant="warning">
          <AlertTitle>This was edited elsewhere</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p>It was saved from another tab or device after you started. The text as it is now:</p>
            {'title' in conflict && <p className="font-medium break-words">{conflict.title}</p>}
            <blockquote className="max-h-48 overflow-y-auto border-l-2 pl-3 break-words whitespace-pre-wrap" data-current-text>
              {conflict.content}
            </blockquote>
            <div className="flex flex-wrap gap-2">
              <Button type="button" size="sm" variant="outline" onClick={takeCurrent}>
                Use the current text
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={keepMine}>
                Keep my text
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      )}
      {isThread && <FormField id={`${id}-title`} label="Title" value={fields.title} onChange={set('title')} error={errors.title} autoFocus />}
      {area('content', isThread ? 'Content' : 'Your reply', isThread ? 6 : 4)}
      {isPremium && area('premiumContent', 'Premium content', 4)}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={edit.isPending || conflict !== null}>
          {edit.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

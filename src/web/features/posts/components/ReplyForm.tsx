import { ImagePlus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from '../../../app/router';
import type { CurrentUser } from '../../../../shared/api.js';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ImagePicker } from '../../../components/ui/image-picker';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { MarkdownEditor } from '../../../components/writing/MarkdownEditor';
import { errorMessage } from '../../../lib/api-client';
import { useFormDraft } from '../../../lib/drafts';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { CsrfField, ServerFormMessage, useServerForm } from '../../../lib/page-state';
import { useCreatePost } from '../api/create-post';
import type { ReplyFormInput, ReplyFormOutput } from './reply-form-resolver';

/** Delay before a logged-out replier is sent to /login (SPEC.md section 9). */
const LOGIN_REDIRECT_MS = 1500;
const replyForm = lazyResolver(() => import('./reply-form-resolver').then((module) => module.replyFormResolver));

export interface TextInsert {
  text: string;
  /** Changes on every insert, so the same text can be inserted twice. */
  nonce: number;
}

interface ReplyFormProps {
  threadId: number;
  user: CurrentUser | null;
  replyToId?: number | undefined;
  /** Text to append (Quote). */
  insert?: TextInsert | null | undefined;
  onPosted?: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** The reply form (SPEC.md section 2): text, optional image, anonymity, 'Post Reply'. */
export function ReplyForm({ threadId, user, replyToId, insert, onPosted, onCancel, autoFocus }: ReplyFormProps) {
  const navigate = useNavigate();
  const create = useCreatePost(threadId);
  const [withImage, setWithImage] = useState(false);
  const idBase = `reply-${replyToId ?? 'thread'}`;
  // The server's answer to the thread's reply form posted without JavaScript: the text again, and its messages.
  const servedForm = useServerForm('reply');
  const served = replyToId ? null : servedForm;
  const servedAnonymous = served ? served.values.isAnonymous !== 'false' : true;
  const {
    register,
    handleSubmit,
    control,
    reset,
    setValue,
    getValues,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<ReplyFormInput, unknown, ReplyFormOutput>({
    resolver: replyForm.resolver,
    defaultValues: { threadId, content: served?.values.content ?? '', isAnonymous: servedAnonymous, replyToId, image: undefined },
  });
  const isAnonymous = useWatch({ control, name: 'isAnonymous' });
  const content = useWatch({ control, name: 'content' });
  // One draft per thread's reply box and per post's inline reply; none while the form shows what the server sent back.
  const clearDraft = useFormDraft(served ? null : `reply:${threadId}:${replyToId ?? 'thread'}`, ['content', 'isAnonymous'], { watch, setValue });
  const discard = () => {
    reset();
    clearDraft();
  };

  useEffect(() => {
    if (!insert) return;
    const current = getValues('content');
    setValue('content', (current && !current.endsWith('\n') ? `${current}\n` : current) + insert.text);
    setFocus('content');
  }, [insert, getValues, setValue, setFocus]);

  const submit = handleSubmit(async (values) => {
    const form = new FormData();
    form.set('threadId', String(threadId));
    form.set('content', values.content);
    form.set('isAnonymous', String(values.isAnonymous));
    if (replyToId) form.set('replyToId', String(replyToId));
    if (values.image) form.set('image', values.image);
    try {
      await create.mutateAsync(form);
      toast({ title: 'Reply posted!', description: 'Your reply has been added to the thread.' });
      reset();
      clearDraft();
      setWithImage(false);
      onPosted?.();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to post reply') });
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!user) {
      event.preventDefault();
      toast({
        variant: 'destructive',
        title: 'Authentication required',
        description: 'You must be logged in to post a reply. Please sign in or create an account.',
      });
      window.setTimeout(() => void navigate('/login'), LOGIN_REDIRECT_MS);
      return;
    }
    submit(event).catch(() => toast({ variant: 'destructive', title: 'Error', description: 'Failed to post reply' }));
  };

  const label = replyToId ? `Reply to post ${replyToId}` : 'Your reply';
  const contentError = errors.content?.message ?? served?.errors.content;
  return (
    // Without JavaScript the browser posts it (multipart, with `_csrf`); the server answers 303 to the new reply or this form with its messages.
    <form
      method="post"
      action={`/thread/${threadId}/reply`}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onFocusCapture={replyForm.preload}
      noValidate
      className="grid gap-3"
    >
      <CsrfField />
      {replyToId !== undefined && <input type="hidden" name="replyToId" value={replyToId} />}
      {!replyToId && <ServerFormMessage name="reply" />}
      <div className="grid gap-2">
        <Label htmlFor={`${idBase}-content`} className={replyToId ? 'sr-only' : undefined}>
          {label}
        </Label>
        <MarkdownEditor
          id={`${idBase}-content`}
          rows={replyToId ? 3 : 4}
          placeholder="Write your reply..."
          autoFocus={autoFocus}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? `${idBase}-error` : undefined}
          defaultValue={served?.values.content}
          {...register('content')}
        />
        {contentError && (
          <p id={`${idBase}-error`} className="text-sm text-destructive">
            {contentError}
          </p>
        )}
      </div>
      {withImage && (
        <Controller
          control={control}
          name="image"
          render={({ field }) => (
            <div className="grid gap-2">
              <Label htmlFor={`${idBase}-image`}>Image</Label>
              <ImagePicker id={`${idBase}-image`} file={field.value} onChange={field.onChange} error={errors.image?.message} />
            </div>
          )}
        />
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {!withImage && (
          <Button type="button" variant="outline" size="sm" onClick={() => setWithImage(true)}>
            <ImagePlus aria-hidden="true" />
            Add Image
          </Button>
        )}
        {user && (
          <div className="flex items-center gap-2">
            <Checkbox id={`${idBase}-anonymous`} defaultChecked={servedAnonymous} {...register('isAnonymous')} />
            <Label htmlFor={`${idBase}-anonymous`}>Post anonymously</Label>
          </div>
        )}
        {user && !isAnonymous && <span className="text-sm text-muted-foreground">Posting as {user.username}</span>}
        <div className="ml-auto flex gap-2">
          {content && (
            <Button type="button" variant="ghost" size="sm" onClick={discard}>
              Discard
            </Button>
          )}
          {onCancel && (
            <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" disabled={create.isPending}>
            {create.isPending ? 'Posting...' : 'Post Reply'}
          </Button>
        </div>
      </div>
    </form>
  );
}

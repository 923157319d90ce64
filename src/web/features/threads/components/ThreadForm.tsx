import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from '../../../app/router';
import type { Board, CurrentUser } from '../../../../shared/api.js';
import { PREMIUM_CURRENCIES } from '../../../../shared/constants.js';
import { pollFromForm, pollSchema } from '../../../../shared/schemas/polls.js';
import { createThreadSchema } from '../../../../shared/schemas/threads.js';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../components/ui/use-toast';
import { MarkdownEditor } from '../../../components/writing/MarkdownEditor';
import { useFormDraft } from '../../../lib/drafts';
import { errorMessage } from '../../../lib/api-client';
import { CsrfField, ServerFormMessage, useServerForm } from '../../../lib/page-state';
import { useCreateThread } from '../api/create-thread';
import { imageField } from '../../../lib/image-field';
import { ImagePicker } from '../../../components/ui/image-picker';
import { PollFields } from './PollFields';

const formSchema = createThreadSchema.extend({ image: imageField });

interface ThreadFormProps {
  boards: Board[];
  user: CurrentUser | null;
  /** The board code to preselect (on a board page). */
  boardCode?: string | undefined;
  onCreated?: () => void;
}

/** The create-thread form (SPEC.md sections 2 and 5). */
export function ThreadForm({ boards, user, boardCode, onCreated }: ThreadFormProps) {
  const navigate = useNavigate();
  const create = useCreateThread();
  // The server's answer to this form posted without JavaScript (the new-thread page): what was sent, and its messages.
  const served = useServerForm('thread');
  const preselected = boards.find((board) => board.code === boardCode);
  const boardId = served?.values.boardId ?? (preselected ? String(preselected.id) : '');
  const servedAnonymous = served ? served.values.isAnonymous !== 'false' : true;
  const errorOf = (field: 'boardId' | 'title' | 'content') => errors[field]?.message ?? served?.errors[field];
  const {
    register,
    handleSubmit,
    control,
    reset,
    watch,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: {
      boardId,
      title: served?.values.title ?? '',
      content: served?.values.content ?? '',
      isAnonymous: servedAnonymous,
      isPremium: false,
      accessPrice: '',
      accessCurrency: 'ETH',
      premiumContent: '',
      image: undefined,
    },
  });
  const isAnonymous = useWatch({ control, name: 'isAnonymous' });
  const isPremium = Boolean(useWatch({ control, name: 'isPremium' }));
  const canPremium = Boolean(user?.isPremium);
  const title = useWatch({ control, name: 'title' });
  const content = useWatch({ control, name: 'content' });
  const hasText = Boolean(title || content);
  // One draft per board's new-thread form (one for the form opened outside a board); none while it shows what the server sent back.
  const clearDraft = useFormDraft(served ? null : `thread:${boardCode ?? ''}`, ['title', 'content', 'isAnonymous'], { watch, setValue });
  const discard = () => {
    reset();
    clearDraft();
  };
  // The poll's fields are plain named inputs (they post without JavaScript too): checked here with the API's schema.
  const [pollErrors, setPollErrors] = useState<Record<string, string>>({});

  const submit = handleSubmit(async (values, event) => {
    const element = event?.target instanceof HTMLFormElement ? event.target : null;
    const poll = element ? pollFromForm(Object.fromEntries(new FormData(element))) : undefined;
    if (poll) {
      const checked = pollSchema.safeParse(poll);
      if (!checked.success) {
        const errors: Record<string, string> = {};
        for (const issue of checked.error.issues) errors[['poll', ...issue.path].join('.')] ??= issue.message;
        setPollErrors(errors);
        return;
      }
    }
    setPollErrors({});
    const form = new FormData();
    form.set('boardId', String(values.boardId));
    form.set('title', values.title);
    form.set('content', values.content);
    form.set('isAnonymous', String(values.isAnonymous));
    form.set('isPremium', String(canPremium && values.isPremium));
    if (canPremium && values.isPremium) {
      form.set('accessPrice', values.accessPrice);
      form.set('accessCurrency', values.accessCurrency);
      if (values.premiumContent) form.set('premiumContent', values.premiumContent);
    }
    if (values.image) form.set('image', values.image);
    if (poll) form.set('poll', JSON.stringify(poll));
    try {
      const thread = await create.mutateAsync(form);
      toast({ title: 'Thread created!', description: 'Your thread has been created successfully.' });
      reset();
      clearDraft();
      element?.reset();
      onCreated?.();
      await navigate(`/thread/${thread.id}`);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to create thread') });
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!user) {
      event.preventDefault();
      toast({
        variant: 'destructive',
        title: 'Authentication required',
        description: 'You must be logged in to create a thread. Please sign in or create an account.',
      });
      void navigate('/login');
      return;
    }
    void submit(event);
  };

  return (
    // Without JavaScript the browser posts it (multipart, with `_csrf`, from the new-thread page); the server answers 303 to the thread or this form with its messages.
    <form method="post" action="/new-thread" encType="multipart/form-data" onSubmit={onSubmit} noValidate className="grid gap-4">
      <CsrfField />
      <ServerFormMessage name="thread" />
      <div className="grid gap-2">
        <Label htmlFor="thread-board">Board</Label>
        <NativeSelect
          id="thread-board"
          aria-invalid={errorOf('boardId') ? true : undefined}
          aria-describedby={errorOf('boardId') ? 'thread-board-error' : undefined}
          defaultValue={boardId}
          {...register('boardId')}
        >
          <option value="">Select a board</option>
          {boards.map((board) => (
            <option key={board.id} value={board.id}>
              /{board.code}/ - {board.name}
            </option>
          ))}
        </NativeSelect>
        {errorOf('boardId') && (
          <p id="thread-board-error" className="text-sm text-destructive">
            {errorOf('boardId')}
          </p>
        )}
      </div>
      <FormField id="thread-title" label="Title" error={errorOf('title')} defaultValue={served?.values.title} {...register('title')} />
      <div className="grid gap-2">
        <Label htmlFor="thread-content">Content</Label>
        <MarkdownEditor
          id="thread-content"
          rows={6}
          aria-invalid={errorOf('content') ? true : undefined}
          aria-describedby={errorOf('content') ? 'thread-content-error' : undefined}
          defaultValue={served?.values.content}
          {...register('content')}
        />
        {errorOf('content') && (
          <p id="thread-content-error" className="text-sm text-destructive">
            {errorOf('content')}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="thread-image">
          Image <span className="font-normal text-muted-foreground">(optional, up to 5 MB)</span>
        </Label>
        <Controller
          control={control}
          name="image"
          render={({ field }) => <ImagePicker id="thread-image" file={field.value} onChange={field.onChange} error={errors.image?.message} />}
        />
      </div>
      {user && (
        <div className="grid gap-1">
          <div className="flex items-center gap-2">
            <Checkbox id="thread-anonymous" defaultChecked={servedAnonymous} {...register('isAnonymous')} />
            <Label htmlFor="thread-anonymous">Post anonymously</Label>
          </div>
          {!isAnonymous && <p className="text-sm text-muted-foreground">Posting as {user.username}</p>}
        </div>
      )}
      <PollFields values={served?.values} errors={{ ...served?.errors, ...pollErrors }} />
      <fieldset className="grid gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Premium content</legend>
        <div className="flex items-center gap-2">
          <Checkbox id="thread-premium" disabled={!canPremium} {...register('isPremium')} />
          <Label htmlFor="thread-premium">Make this a premium thread</Label>
        </div>
        {!canPremium && (
          <p className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground">Premium Member Required</span>{' '}
            <Link to="/premium" className="text-primary underline underline-offset-4">
              Upgrade your account
            </Link>
          </p>
        )}
        {canPremium && isPremium && (
          <div className="grid gap-3">
            <div className="grid grid-cols-2 gap-3">
              <FormField
                id="thread-price"
                label="Access price"
                type="number"
                step="0.00001"
                min="0"
                placeholder="0.05"
                error={errors.accessPrice?.message}
                {...register('accessPrice')}
              />
              <div className="grid gap-2">
                <Label htmlFor="thread-currency">Currency</Label>
                <NativeSelect id="thread-currency" {...register('accessCurrency')}>
                  {PREMIUM_CURRENCIES.map((currency) => (
                    <option key={currency}>{currency}</option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="thread-premium-content">Premium content (visible only after payment)</Label>
              <MarkdownEditor id="thread-premium-content" rows={4} {...register('premiumContent')} />
            </div>
          </div>
        )}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Thread'}
        </Button>
        {hasText && (
          <Button type="button" variant="ghost" onClick={discard}>
            Discard
          </Button>
        )}
      </div>
    </form>
  );
}

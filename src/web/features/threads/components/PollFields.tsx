import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_SHOW_RESULTS } from '../../../../shared/constants.js';
import { POLL_CLOSES_IN, pollOptionField } from '../../../../shared/schemas/polls.js';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';

const SHOW_RESULTS_LABELS: Record<(typeof POLL_SHOW_RESULTS)[number], string> = {
  always: 'Always',
  'after-vote': 'After voting',
  'after-close': 'Only after it closes',
};

/** Option fields a form shows at first: enough for most polls, and all a browser without JavaScript can fill. */
const FIRST_OPTIONS = 4;

interface PollFieldsProps {
  /** What the form sent last time (a post without JavaScript, shown again), by field name. */
  values: Record<string, string> | undefined;
  /** Messages by field (`poll.question`, `poll.options`, `poll.options.1`, ...): the server's or the form's own check. */
  errors: Record<string, string>;
}

/**
 * The new-thread form's poll editor (CONTRACT.md section 14). Plain named fields, so the
 * form works without JavaScript too (the server reads them with pollFromForm); with it,
 * options are added and removed here. Left empty, the thread has no poll.
 */
export function PollFields({ values, errors }: PollFieldsProps) {
  const sentOptions = Array.from({ length: POLL_OPTIONS_MAX }, (_, index) => values?.[pollOptionField(index)] ?? '');
  const lastSent = sentOptions.findLastIndex((text) => text !== '');
  // Each row keeps a key of its own, so removing one keeps what was typed in the others.
  const [rows, setRows] = useState(() => Array.from({ length: Math.max(FIRST_OPTIONS, lastSent + 1) }, (_, index) => ({ key: index, text: sentOptions[index] ?? '' })));
  const [nextKey, setNextKey] = useState(POLL_OPTIONS_MAX);
  const hasPollError = Object.keys(errors).some((field) => field.startsWith('poll'));
  const optionsError = errors['poll.options'] ?? Object.entries(errors).find(([field]) => field.startsWith('poll.options.'))?.[1];

  return (
    <details className="group rounded-md border p-3" open={Boolean(values?.pollQuestion) || hasPollError || undefined}>
      <summary className="cursor-pointer text-sm font-medium">Add a poll</summary>
      <div className="mt-3 grid gap-3">
        <FormField id="poll-question" name="pollQuestion" label="Question" defaultValue={values?.pollQuestion} error={errors['poll.question']} />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">
            Options <span className="font-normal text-muted-foreground">({POLL_OPTIONS_MIN} to {POLL_OPTIONS_MAX}; empty ones are left out)</span>
          </legend>
          {rows.map((row, index) => (
            <div key={row.key} className="flex items-center gap-2">
              <input
                aria-label={`Option ${index + 1}`}
                name={pollOptionField(index)}
                defaultValue={row.text}
                className="flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm dark:bg-input/30"
              />
              {rows.length > POLL_OPTIONS_MIN && (
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove option ${index + 1}`} onClick={() => setRows(rows.filter((other) => other.key !== row.key))}>
                  <X aria-hidden="true" />
                </Button>
              )}
            </div>
          ))}
          {optionsError && (
            <p role="alert" className="text-sm text-destructive">
              {optionsError}
            </p>
          )}
          {rows.length < POLL_OPTIONS_MAX && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => {
                setRows([...rows, { key: nextKey, text: '' }]);
                setNextKey(nextKey + 1);
              }}
            >
              <Plus aria-hidden="true" />
              Add option
            </Button>
          )}
        </fieldset>
        <div className="flex items-center gap-2">
          <input id="poll-multiple" type="checkbox" name="pollMultiple" defaultChecked={values?.pollMultiple === 'true'} className="size-4 accent-primary" />
          <Label htmlFor="poll-multiple">Allow choosing several options</Label>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="poll-closes-in">Closes</Label>
            <NativeSelect id="poll-closes-in" name="pollClosesIn" defaultValue={values?.pollClosesIn ?? '0'}>
              {POLL_CLOSES_IN.map(({ hours, label }) => (
                <option key={hours} value={String(hours)}>
                  {label}
                </option>
              ))}
            </NativeSelect>
            {errors['poll.closesAt'] && <p className="text-sm text-destructive">{errors['poll.closesAt']}</p>}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="poll-show-results">Show results</Label>
            <NativeSelect id="poll-show-results" name="pollShowResults" defaultValue={values?.pollShowResults ?? 'always'}>
              {POLL_SHOW_RESULTS.map((mode) => (
                <option key={mode} value={mode}>
                  {SHOW_RESULTS_LABELS[mode]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </div>
    </details>
  );
}

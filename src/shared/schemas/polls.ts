import { z } from 'zod';
import {
  POLL_CLOSES_WITHIN_MS,
  POLL_OPTION_MAX,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POLL_QUESTION_MAX,
  POLL_QUESTION_MIN,
  POLL_SHOW_RESULTS,
} from '../constants.js';
import { booleanField } from './fields.js';

export const POLL_NOT_JSON = 'Poll must be a JSON object';
export const POLL_QUESTION_SHORT = `Question must be at least ${POLL_QUESTION_MIN} characters`;
export const POLL_QUESTION_LONG = `Question must be at most ${POLL_QUESTION_MAX} characters`;
export const POLL_OPTIONS_COUNT = `A poll needs ${POLL_OPTIONS_MIN} to ${POLL_OPTIONS_MAX} options`;
export const POLL_OPTION_EMPTY = 'Options cannot be empty';
export const POLL_OPTION_LONG = `Options must be at most ${POLL_OPTION_MAX} characters`;
export const POLL_OPTIONS_DUPLICATE = 'Options must all be different';
export const POLL_CLOSES_INVALID = 'Closing time must be a date and time';
export const POLL_CLOSES_PAST = 'Closing time must be in the future';
export const POLL_CLOSES_FAR = 'Closing time must be within a year';
export const POLL_SHOW_RESULTS_INVALID = 'Results must be shown always, after voting or after closing';
export const POLL_CHOOSE_ONE = 'Choose at least one option';
export const POLL_OPTION_IDS_INVALID = 'optionIds must be a list of option ids';
export const POLL_SINGLE_CHOICE = 'This poll takes only one choice';
export const POLL_UNKNOWN_OPTION = 'No such option in this poll';
export const POLL_CLOSED = 'This poll is closed';
export const POLL_NOT_FOUND = 'Poll not found';

/** Options are told apart as people read them: case and surrounding space do not make two. */
const sameOption = (text: string) => text.trim().toLocaleLowerCase();

const optionText = z
  .string({ error: POLL_OPTION_EMPTY })
  .trim()
  .min(1, POLL_OPTION_EMPTY)
  .max(POLL_OPTION_MAX, POLL_OPTION_LONG);

/** A poll as its author sets it, the part of POST /api/threads and of the new-thread forms. */
export const pollSchema = z.object(
  {
    question: z
      .string({ error: POLL_QUESTION_SHORT })
      .trim()
      .min(POLL_QUESTION_MIN, POLL_QUESTION_SHORT)
      .max(POLL_QUESTION_MAX, POLL_QUESTION_LONG),
    options: z
      .array(optionText, { error: POLL_OPTIONS_COUNT })
      .min(POLL_OPTIONS_MIN, POLL_OPTIONS_COUNT)
      .max(POLL_OPTIONS_MAX, POLL_OPTIONS_COUNT)
      .refine((options) => new Set(options.map(sameOption)).size === options.length, POLL_OPTIONS_DUPLICATE),
    multiple: booleanField(false),
    closesAt: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z
        .string({ error: POLL_CLOSES_INVALID })
        .refine((text) => !Number.isNaN(Date.parse(text)), POLL_CLOSES_INVALID)
        .transform((text) => new Date(text))
        // Checked when the poll is made: a closing time already gone would make a poll no one can answer.
        .refine((date) => date.getTime() > Date.now(), POLL_CLOSES_PAST)
        .refine((date) => date.getTime() <= Date.now() + POLL_CLOSES_WITHIN_MS, POLL_CLOSES_FAR)
        .optional(),
    ),
    showResults: z.preprocess(
      (value) => (value === '' || value === undefined || value === null ? 'always' : value),
      z.enum(POLL_SHOW_RESULTS, { error: POLL_SHOW_RESULTS_INVALID }),
    ),
  },
  { error: POLL_NOT_JSON },
);
export type PollInput = z.input<typeof pollSchema>;

/**
 * The `poll` field of POST /api/threads: an object in JSON, a JSON string in multipart
 * (CONTRACT.md section 14); empty or absent means no poll.
 */
export const pollField = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return POLL_NOT_JSON;
  }
}, pollSchema.optional());

/** POST /api/polls/{id}/vote: the options chosen (one for a single-choice poll). */
export const pollVoteSchema = z.object({
  optionIds: z.preprocess(
    // An HTML form sends one field per ticked box: one value is a string, several an array.
    (value) => (value === undefined || value === null ? [] : (Array.isArray(value) ? value : [value]).map((id) => (typeof id === 'string' && /^\d{1,10}$/.test(id) ? Number(id) : id))),
    z
      .array(z.int({ error: POLL_OPTION_IDS_INVALID }).min(1, POLL_OPTION_IDS_INVALID).max(2_147_483_647, POLL_OPTION_IDS_INVALID), { error: POLL_OPTION_IDS_INVALID })
      .min(1, POLL_CHOOSE_ONE)
      .max(100, POLL_OPTION_IDS_INVALID)
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  ),
});

/** The closing times the forms offer, in hours from when the thread is posted (no time zone to get wrong). */
export const POLL_CLOSES_IN: readonly { hours: number; label: string }[] = [
  { hours: 0, label: 'Never' },
  { hours: 1, label: 'In 1 hour' },
  { hours: 24, label: 'In 1 day' },
  { hours: 72, label: 'In 3 days' },
  { hours: 168, label: 'In 1 week' },
  { hours: 720, label: 'In 30 days' },
];

/** The new-thread form's poll fields: one text field per option, so a form without JavaScript sends each. */
export const pollOptionField = (index: number) => `pollOption-${index}`;

/**
 * The poll of a new-thread form (web app and no-JavaScript alike), as POST /api/threads
 * takes it; undefined when its question and options are all empty (no poll). Empty
 * option fields are left out: the form offers more than a poll needs.
 */
export function pollFromForm(fields: Record<string, unknown>, now: number = Date.now()): PollInput | undefined {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const question = text(fields.pollQuestion);
  const options = Array.from({ length: POLL_OPTIONS_MAX }, (_, index) => text(fields[pollOptionField(index)])).filter((option) => option !== '');
  if (question === '' && options.length === 0) return undefined;
  const hours = Number(text(fields.pollClosesIn) || '0');
  const poll: PollInput = {
    question,
    options,
    multiple: fields.pollMultiple !== undefined && fields.pollMultiple !== 'false' && fields.pollMultiple !== false,
    showResults: (text(fields.pollShowResults) || 'always') as PollInput['showResults'],
  };
  if (Number.isFinite(hours) && hours > 0) poll.closesAt = new Date(now + hours * 3_600_000).toISOString();
  return poll;
}

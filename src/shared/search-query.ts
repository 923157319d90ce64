// The search query rule without zod, so the header's search box (on every page) does
// not pull the validation library into the first bundle. The zod schema uses it too.
import { SEARCH_QUERY_MIN } from './constants.js';

export const SEARCH_TOO_SHORT = 'Please enter at least 3 characters to search';

/** Whether a (trimmed) search text is long enough to be sent. */
export const isSearchQuery = (text: string): boolean => text.trim().length >= SEARCH_QUERY_MIN;

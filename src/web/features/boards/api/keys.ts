/** Query keys of the boards feature. */
export const boardKeys = {
  list: () => ['boards'] as const,
  detail: (code: string) => ['boards', code] as const,
};

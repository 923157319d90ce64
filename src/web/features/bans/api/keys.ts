/** Every query key of the bans feature: the caller's own ban and appeal. */
export const banKeys = {
  all: () => ['bans'] as const,
  mine: () => [...banKeys.all(), 'mine'] as const,
};

/** Query keys of the crypto feature (the signed-in user's receiving addresses). */
export const cryptoKeys = {
  addresses: () => ['crypto', 'addresses'] as const,
};

/** Query keys of the account-security feature, keyed by the signed-in account. */
export const accountSecurityKeys = {
  twoFactor: (userId: number) => ['account-security', userId, 'two-factor'] as const,
  sessions: (userId: number) => ['account-security', userId, 'sessions'] as const,
};

/** Query keys of the premium feature. */
export const premiumKeys = {
  membershipPlans: () => ['premium', 'membership-plans'] as const,
};

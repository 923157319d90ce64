import { Check } from 'lucide-react';
import { MEMBERSHIP_BENEFITS } from '../membership';

/** What a membership gives, with any plan-specific extras after the common benefits. */
export function BenefitList({ extra = [] }: { extra?: string[] }) {
  return (
    <ul className="grid gap-2 text-sm">
      {[...MEMBERSHIP_BENEFITS, ...extra].map((benefit) => (
        <li key={benefit} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {benefit}
        </li>
      ))}
    </ul>
  );
}

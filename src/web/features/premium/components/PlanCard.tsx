import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';
import { ANNUAL_SAVING, PLAN_NAMES, PLAN_PERIODS, type PlanId } from '../membership';
import { formatUsd } from '../rates';
import { BenefitList } from './BenefitList';

const PLAN_NOTES: Record<PlanId, string> = {
  monthly: 'Pay month by month.',
  annual: 'One payment for the whole year.',
};

interface PlanCardProps {
  plan: PlanId;
  usd: string;
  disabled: boolean;
  onChoose: (plan: PlanId) => void;
}

/** One membership plan on /premium: price, benefits and the button that opens the plan dialog. */
export function PlanCard({ plan, usd, disabled, onChoose }: PlanCardProps) {
  const name = PLAN_NAMES[plan];
  return (
    <Card className={cn(plan === 'annual' && 'border-primary/50 ring-1 ring-primary/20')}>
      <CardHeader>
        <CardTitle className="flex items-center justify-between gap-2">
          <h2 className="text-lg">
            {name}
          </h2>
          {plan === 'annual' && <Badge>{ANNUAL_SAVING}</Badge>}
        </CardTitle>
        <CardDescription>{PLAN_NOTES[plan]}</CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-4">
        <p>
          <span className="text-3xl font-bold tracking-tight">{formatUsd(usd)}</span>
          <span className="text-muted-foreground">/{PLAN_PERIODS[plan]}</span>
        </p>
        <BenefitList extra={plan === 'annual' ? ['About two months free compared with paying monthly'] : []} />
      </CardContent>
      <CardFooter>
        <Button type="button" className="w-full" variant={plan === 'annual' ? 'default' : 'outline'} disabled={disabled} onClick={() => onChoose(plan)}>
          Choose {name}
        </Button>
      </CardFooter>
    </Card>
  );
}

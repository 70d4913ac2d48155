import { VERDICT_LABELS, type Verdict } from '@shared/fact-check.schema';
import { Badge, type BadgeTone } from '@client/components/ui/badge';

const TONE: Record<Verdict, BadgeTone> = {
  supported: 'green',
  corrected: 'blue',
  unsupported: 'red',
  opinion: 'grey',
};

/** A verdict in words (never colour alone). */
export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return <Badge tone={TONE[verdict]}>{VERDICT_LABELS[verdict]}</Badge>;
}

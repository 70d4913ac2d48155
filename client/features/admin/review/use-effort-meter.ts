import { useMemo, useRef } from 'react';
import type { FindingCategory } from '@shared/language-checks.schema';
import { addEffortCounts, emptyEffortCounts, type EffortCounts } from '@shared/review-effort.schema';
import { useActiveTimeMeter, useAttention } from '../active-time';

/** What a save reports of the effort since the previous one. */
export interface EffortSent {
  activeSeconds?: number;
  effortCounts?: EffortCounts;
}

/**
 * The effort record of a review (issues 23, 24 and 42): active review time (attention in the workspace), and the suggestions and findings accepted or
 * ignored since the last save. A save takes both; a failed save gives them back for the next one.
 */
export function useEffortMeter() {
  const activeTime = useActiveTimeMeter();
  // Attention anywhere in the page counts, not only typing in the form (issue 42, decision 067).
  useAttention(activeTime);
  const counts = useRef<EffortCounts>(emptyEffortCounts());
  /** Everything counted since the page opened, saved or not. */
  const session = useRef<EffortCounts>(emptyEffortCounts());
  return useMemo(() => {
    const add = (more: Partial<EffortCounts>) => {
      counts.current = addEffortCounts(counts.current, { ...emptyEffortCounts(), ...more });
    };
    const count = (more: Partial<EffortCounts>) => {
      add(more);
      session.current = addEffortCounts(session.current, { ...emptyEffortCounts(), ...more });
    };
    return {
      /** Focus, a key, a pointer press or an input in the form. */
      activity: () => activeTime.activity(),
      take: (): Required<EffortSent> => {
        const effortCounts = counts.current;
        counts.current = emptyEffortCounts();
        return { activeSeconds: activeTime.take(), effortCounts };
      },
      giveBack: (sent: EffortSent) => {
        activeTime.giveBack(sent.activeSeconds ?? 0);
        if (sent.effortCounts) add(sent.effortCounts);
      },
      /** A suggested claim added, or a language finding accepted (with its category). */
      accepted: (category?: FindingCategory) => count({ suggestionsAccepted: 1, findingsByCategory: category ? { [category]: 1 } : {} }),
      ignored: () => count({ suggestionsIgnored: 1 }),
      /** The effort of this visit to the form (the check before delivery): active seconds and the counts. */
      session: () => ({ activeSeconds: activeTime.sessionSeconds(), ...session.current }),
    };
  }, [activeTime]);
}

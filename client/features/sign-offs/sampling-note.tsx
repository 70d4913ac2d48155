import { useSignOffSampling } from './api/sign-off';

/**
 * The queue's line on the second reviewer's sign-off (decision 073): in the Sign-off view, how much is sampled; in
 * every view, that sampling is off when nobody else on the team may review (a team of one).
 */
export function SignOffSamplingNote({ always }: { always: boolean }) {
  const sampling = useSignOffSampling();
  const data = sampling.data;
  if (!data || (!always && !(data.teamOfOne && data.percent > 0))) return null;
  return (
    <p className="text-sm text-slate-600" data-testid="sign-off-sampling">
      {data.message}
    </p>
  );
}

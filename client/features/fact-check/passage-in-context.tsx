import { passageContext, type Claim } from '@shared/fact-check.schema';

/** The quoted passage highlighted inside the sentence around it. */
export function PassageInContext({ content, claim }: { content: string; claim: Pick<Claim, 'passageStart' | 'passageEnd'> }) {
  const { before, passage, after } = passageContext(content, claim);
  return (
    <blockquote className="rounded-md border-l-4 border-amber-400 bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700">
      {before}
      <mark className="rounded-sm bg-amber-200 px-0.5 font-medium text-slate-900">
        <span className="sr-only">Quoted passage: </span>
        {passage}
      </mark>
      {after}
    </blockquote>
  );
}

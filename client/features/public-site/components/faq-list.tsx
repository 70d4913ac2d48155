import type { ReactNode } from 'react';
import { Disclosure } from './disclosure';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** Questions that open in place (see {@link Disclosure}). */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => (
        <Disclosure key={item.question} summary={item.question}>
          {item.answer}
        </Disclosure>
      ))}
    </div>
  );
}

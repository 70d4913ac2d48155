import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Section } from './section';

export interface Step {
  title: string;
  text: string;
  icon: LucideIcon;
}

/** Numbered steps in a responsive row (an ordered list, so the order is announced too). */
export function StepList({ steps, headingLevel = 3 }: { steps: readonly Step[]; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <ol className={`grid gap-6 sm:grid-cols-2 ${steps.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6">
          <div className="flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-accent-soft text-accent">
              <step.icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <span className="text-sm font-semibold text-slate-600">Step {index + 1}</span>
          </div>
          <Heading className="mt-4 text-lg font-semibold text-slate-900">{step.title}</Heading>
          <p className="mt-2 text-sm leading-relaxed text-slate-700">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The "How it works" section of a marketing page: its intro and the steps. */
export function HowItWorks({ intro, steps }: { intro: ReactNode; steps: readonly Step[] }) {
  return (
    <Section title="How it works" intro={intro}>
      <StepList steps={steps} />
    </Section>
  );
}

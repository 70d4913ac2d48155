import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';

/** A white card in a grid of reasons or ways to get help: an icon, an <h3>, then its text and links. */
export function FeatureCard({ icon: Icon, title, className, children }: { icon: LucideIcon; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <li className={cn('rounded-2xl border border-slate-200 bg-white p-6', className)}>
      <Icon className="h-6 w-6 text-accent" aria-hidden="true" />
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      {children}
    </li>
  );
}

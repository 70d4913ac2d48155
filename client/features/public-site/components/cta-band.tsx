import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';

export interface CtaLink {
  href: string;
  label: string;
  icon?: LucideIcon;
}

/** Where most bands send the visitor first: the order form. */
const CHECK_NOW: CtaLink = { href: '/check-now', label: 'Check your content now' };

/**
 * The dark call-to-action band at the foot of a public page: a heading (labelling the section), a lead and two
 * buttons, the first in the accent colour (by default "Check your content now"). `large` is the home page's taller band; `children` go below the buttons.
 */
export function CtaBand({
  id,
  title,
  lead,
  primary = CHECK_NOW,
  secondary,
  large = false,
  children,
}: {
  id: string;
  title: ReactNode;
  lead: ReactNode;
  primary?: CtaLink;
  secondary: CtaLink;
  large?: boolean;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="bg-ink">
      <div className={`mx-auto max-w-4xl px-4 ${large ? 'py-16' : 'py-14'} text-center sm:px-6`}>
        <h2 id={id} className={large ? 'text-3xl font-bold tracking-tight text-white' : 'text-2xl font-bold text-white sm:text-3xl'}>
          {title}
        </h2>
        <p className={large ? 'mx-auto mt-4 max-w-2xl text-lg text-slate-200' : 'mx-auto mt-3 max-w-xl text-slate-200'}>{lead}</p>
        <div className={`${large ? 'mt-8' : 'mt-7'} flex flex-col justify-center gap-3 sm:flex-row`}>
          {[primary, secondary].map((link, i) => (
            <Button key={link.label} asChild variant={i === 0 ? 'accent' : 'outline'} size="lg">
              <Link href={link.href}>
                {link.icon ? <link.icon className="h-5 w-5" aria-hidden="true" /> : null}
                {link.label}
              </Link>
            </Button>
          ))}
        </div>
        {children}
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { CardDescription, CardHeader, CardTitle } from './card';

/** A settings-style card header: an icon beside the title (the card's <h2>), and an optional description. */
export function IconCardHeader({ icon: Icon, title, description }: { icon: LucideIcon; title: ReactNode; description?: ReactNode }) {
  return (
    <CardHeader>
      <CardTitle className="flex items-center gap-2">
        <Icon className="h-5 w-5 text-emerald-700" aria-hidden="true" /> {title}
      </CardTitle>
      {description ? <CardDescription>{description}</CardDescription> : null}
    </CardHeader>
  );
}

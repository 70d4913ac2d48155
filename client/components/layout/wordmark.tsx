import { Link } from 'wouter';
import { BRAND } from '@shared/brand';

export function Wordmark({ className = '' }: { className?: string }) {
  return (
    <Link href="/" className={`text-xl font-bold tracking-tight text-slate-900 ${className}`} aria-label={`${BRAND.name} home`}>
      <span>{BRAND.plain}</span>
      <span className="text-accent">{BRAND.accent}</span>
    </Link>
  );
}

/**
 * The button's look, apart from the component: the islands of static pages (client/islands.ts) style their buttons
 * and button-like links with it without loading React or tailwind-merge.
 */
export const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed';

export const BUTTON_VARIANTS = {
  primary: 'bg-ink text-white hover:bg-slate-700 disabled:bg-slate-400 aria-disabled:bg-slate-400',
  accent: 'bg-accent text-white hover:bg-emerald-800 disabled:bg-emerald-300 aria-disabled:bg-emerald-300',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:text-slate-400 aria-disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400 aria-disabled:text-slate-400',
  destructive: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300 aria-disabled:bg-red-300',
  link: 'text-accent underline-offset-4 hover:underline px-0 h-auto',
} as const;

export const BUTTON_SIZES = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;
export type ButtonSize = keyof typeof BUTTON_SIZES;

/** The classes of a button of this variant and size (no extra classes, so nothing to merge). */
export function buttonClassName(variant: ButtonVariant, size: ButtonSize): string {
  return `${BUTTON_BASE} ${BUTTON_VARIANTS[variant]} ${BUTTON_SIZES[size]}`;
}

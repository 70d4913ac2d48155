import { forwardRef, useState, type ButtonHTMLAttributes } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@client/lib/cn';

const VARIANTS = {
  primary: 'bg-ink text-white hover:bg-slate-700 disabled:bg-slate-400 aria-disabled:bg-slate-400',
  accent: 'bg-accent text-white hover:bg-emerald-800 disabled:bg-emerald-300 aria-disabled:bg-emerald-300',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:text-slate-400 aria-disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400 aria-disabled:text-slate-400',
  destructive: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300 aria-disabled:bg-red-300',
  link: 'text-accent underline-offset-4 hover:underline px-0 h-auto',
} as const;

const SIZES = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the child element (a link) with button styling. */
  asChild?: boolean;
}

/**
 * A button. One that becomes disabled while it has focus (a "Saving..." state after a keyboard press) is disabled
 * with aria-disabled instead, and ignores activation: the browser moves focus from a natively disabled element to
 * the page, and a keyboard user would start again from the top (WCAG 2.4.3). Unfocused, it is natively disabled.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant = 'primary', size = 'md', asChild = false, type, disabled, onClick, onFocus, onBlur, ...props },
  ref,
) {
  const [focused, setFocused] = useState(false);
  const keepFocus = Boolean(disabled) && focused && !asChild;
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      ref={ref}
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
      disabled={keepFocus ? undefined : disabled}
      aria-disabled={keepFocus ? true : props['aria-disabled']}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
      onClick={(event) => {
        if (keepFocus) {
          // Also stops a submit button's form submission.
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    />
  );
});

import { forwardRef, useState, type ButtonHTMLAttributes } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@client/lib/cn';
import { BUTTON_BASE, BUTTON_SIZES, BUTTON_VARIANTS, type ButtonSize, type ButtonVariant } from './button-classes';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
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
        BUTTON_BASE,
        BUTTON_VARIANTS[variant],
        BUTTON_SIZES[size],
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

import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { useSiteConfig } from '@client/lib/site-config';

/** The narrow card every password page sits in: the page's <h1>, a line under it, then the form. */
export function AuthCard({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-sm text-slate-600">{lead}</p>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}

/** The account's e-mail address, registered with the page's form. */
export function EmailField({ field, error }: { field: UseFormRegisterReturn; error: string | undefined }) {
  return (
    <FormField label="Email" error={error}>
      {(p) => <Input {...p} type="email" autoComplete="email" {...field} />}
    </FormField>
  );
}

/** The line under an auth form that leads to its sibling page ("New to HumanProof? Create an account"). */
export function AuthSwitch({ prompt, href, label }: { prompt: string; href: string; label: string }) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      {prompt}{' '}
      <Link href={href} className="text-accent font-medium underline">
        {label}
      </Link>
    </p>
  );
}

/** A good outcome said above or instead of the form ("Your password was changed", "Check your inbox"). */
export function AuthNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
      {children}
    </p>
  );
}

/** The form's submit button, which names what it is doing while the form is submitting. */
export function AuthSubmit({
  submitting,
  label,
  busyLabel,
  variant,
  disabled = false,
}: {
  submitting: boolean;
  label: string;
  busyLabel: string;
  variant?: 'accent';
  disabled?: boolean;
}) {
  return (
    <Button type="submit" variant={variant} size="lg" disabled={disabled || submitting}>
      {submitting ? busyLabel : label}
    </Button>
  );
}

/** With an OpenID Connect provider the built-in password pages step aside: go to the provider's page instead. */
export function useOidcRedirect(url: string): void {
  const { provider } = useSiteConfig().signIn;
  useEffect(() => {
    if (provider === 'oidc') window.location.replace(url);
  }, [provider, url]);
}

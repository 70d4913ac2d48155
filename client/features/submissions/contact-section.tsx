import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import type { SubmissionForm } from './form-model';

export function ContactSection({ form }: { form: SubmissionForm }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your contact details</CardTitle>
        <CardDescription>So our reviewers can reach you about this order.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={errors.contactName?.message}>
          {(p) => <Input {...p} autoComplete="name" {...register('contactName')} />}
        </FormField>
        <FormField label="Email" error={errors.contactEmail?.message}>
          {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" {...register('contactEmail')} />}
        </FormField>
        <FormField label="Phone (optional)" error={errors.contactPhone?.message}>
          {(p) => <Input {...p} type="tel" autoComplete="tel" {...register('contactPhone')} />}
        </FormField>
        <FormField label="Website (optional)" error={errors.contactWebsite?.message}>
          {(p) => <Input {...p} type="url" inputMode="url" placeholder="https://" autoComplete="url" {...register('contactWebsite')} />}
        </FormField>
      </CardContent>
    </Card>
  );
}

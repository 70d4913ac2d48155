import { ENGLISH_VARIANT_LABELS } from '@shared/categories';
import { Zap } from 'lucide-react';
import { CATEGORIES, CATEGORY_LABELS } from '@shared/categories';
import { FAST_TURNAROUND_HOURS, FAST_TURNAROUND_PERCENT } from '@shared/pricing';
import { MAX_TONE_CHARACTERS } from '@shared/submission-limits';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';
import type { SubmissionForm } from './form-model';
import { EditorFields } from './editor-fields';
import { TierOptions } from './tier-options';


const SELECT =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-600 aria-[invalid=true]:border-red-600 sm:text-sm';

export function DetailsSection({ form }: { form: SubmissionForm }) {
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const tone = watch('tone') ?? '';
  const variant = watch('englishVariant');
  const fast = watch('fastTurnaround');
  return (
    <Card>
      <CardHeader>
        <CardTitle>2. Service and preferences</CardTitle>
        <CardDescription>Choose how deep the review goes and tell us about your content.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <TierOptions selected={watch('serviceTier')} registration={register('serviceTier')} error={errors.serviceTier?.message} />

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Category" error={errors.category?.message}>
            {(p) => (
              // Placeholder selected in the pre-rendered HTML, so a category chosen before hydration is told apart.
              <select {...p} className={SELECT} defaultValue="" {...register('category')}>
                <option value="" disabled>
                  Select a category
                </option>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {CATEGORY_LABELS[c]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            label="Tone (optional)"
            error={errors.tone?.message}
            hint={
              <span className={cn(tone.length >= MAX_TONE_CHARACTERS && 'font-semibold text-amber-800')}>
                {tone.length}/{MAX_TONE_CHARACTERS} characters
              </span>
            }
          >
            {(p) => <Input {...p} maxLength={MAX_TONE_CHARACTERS} placeholder="e.g. friendly, authoritative" {...register('tone')} />}
          </FormField>
          <FormField label="Target audience (optional)" error={errors.targetAudience?.message}>
            {(p) => <Input {...p} placeholder="e.g. small business owners" {...register('targetAudience')} />}
          </FormField>
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">English variant</legend>
            <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
              {Object.entries(ENGLISH_VARIANT_LABELS).map(([value, label]) => (
                <label
                  key={value}
                  className={cn(
                    'relative flex h-8 cursor-pointer items-center justify-center rounded-md text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-600',
                    variant === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700',
                  )}
                >
                  <input
                    type="radio"
                    value={value}
                    className="absolute inset-0 h-full w-full cursor-pointer appearance-none opacity-0"
                    {...register('englishVariant')}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </div>

        <FormField label="Instructions for the reviewer (optional)" error={errors.instructions?.message}>
          {(p) => <Textarea {...p} rows={3} placeholder="Anything we should check or keep, sources to trust, words to avoid…" {...register('instructions')} />}
        </FormField>
        <FormField label="Additional notes (optional)" error={errors.additionalNotes?.message}>
          {(p) => <Textarea {...p} rows={2} placeholder="Deadlines, links, context…" {...register('additionalNotes')} />}
        </FormField>
        <EditorFields form={form} />

        <label
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-lg border-2 p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-600',
            fast ? 'border-emerald-600 bg-emerald-50' : 'border-slate-200',
          )}
        >
          <input type="checkbox" className="accent-accent mt-1 h-4 w-4" {...register('fastTurnaround')} />
          <span className="flex flex-col">
            <span className="flex items-center gap-2 font-semibold text-slate-900">
              <Zap className="h-4 w-4 text-amber-600" aria-hidden="true" /> Fast turnaround (+{FAST_TURNAROUND_PERCENT}%)
            </span>
            <span className="text-sm text-slate-600">
              Reviewed within {FAST_TURNAROUND_HOURS} hours instead of 2-3 business days.
            </span>
          </span>
        </label>
      </CardContent>
    </Card>
  );
}

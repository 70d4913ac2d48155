import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { MAX_ORDER_TITLE_CHARACTERS, ORDER_TITLE_MESSAGES, orderTitleSchema } from '@shared/order-title';
import type { Submission } from '@shared/submission.schema';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { FormAlert, FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api';
import { useRenameOrder } from './api/rename-order';

const errorText = (error: Error) => (error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Something went wrong. Please try again.');

/**
 * "Rename" beside an order's title (issue 45, decision 070): a small dialog with the title, checked by the server's
 * own schema before it is sent. The receipts and invoices already issued keep the title they were issued with.
 */
export function RenameOrderButton({ submission }: { submission: Pick<Submission, 'id' | 'title'> }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(submission.title);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const rename = useRenameOrder(submission.id);

  const onOpenChange = (next: boolean) => {
    if (rename.isPending) return;
    if (next) {
      // Each opening starts from the order's current title, with no error left from the last attempt.
      setTitle(submission.title);
      setFieldError(undefined);
      rename.reset();
    }
    setOpen(next);
  };

  const submit = () => {
    const parsed = orderTitleSchema.safeParse(title);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? ORDER_TITLE_MESSAGES.empty);
      return;
    }
    setFieldError(undefined);
    rename.mutateAsync(parsed.data).then(
      () => {
        setOpen(false);
        toast({ title: ORDER_TITLE_MESSAGES.renamed });
      },
      () => undefined, // shown in the form from rename.error
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Rename order ${submission.id}`} data-testid="rename-order">
          <Pencil className="h-4 w-4" aria-hidden="true" /> Rename
        </Button>
      </DialogTrigger>
      <DialogContent title="Rename order" description="A name of your own for this order, shown on your dashboard and on receipts issued from now on.">
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FormField label="Title" error={fieldError} hint={`${title.trim().length} / ${MAX_ORDER_TITLE_CHARACTERS}`}>
            {(props) => (
              <Input
                {...props}
                name="title"
                // The dialog opens on the title, ready to type (Radix keeps a focus already inside it).
                autoFocus
                autoComplete="off"
                value={title}
                maxLength={MAX_ORDER_TITLE_CHARACTERS * 2}
                onChange={(event) => setTitle(event.target.value)}
              />
            )}
          </FormField>
          {rename.error ? <FormAlert>{errorText(rename.error)}</FormAlert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={rename.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="accent" disabled={rename.isPending}>
              {rename.isPending ? 'Saving…' : 'Save title'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

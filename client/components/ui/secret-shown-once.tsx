import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * A secret the server shows once (a new API key, a webhook signing secret): the value to copy, Copy, and
 * "I have saved it" to put it away. Announced as an alert so a screen reader hears it at once.
 */
export function SecretShownOnce({ intro, secret, testId, onDone }: { intro: ReactNode; secret: string; testId: string; onDone: () => void }) {
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium">{intro}</p>
      <code data-testid={testId} className="break-all rounded bg-white p-2 text-sm">
        {secret}
      </code>
      <div className="flex gap-2">
        <Button type="button" variant="outline" onClick={() => void navigator.clipboard?.writeText(secret)}>
          Copy
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </div>
  );
}

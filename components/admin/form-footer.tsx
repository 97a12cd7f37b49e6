/** The end of a console form: the error that belongs to no field, then Cancel and the submit button (spinning while busy). */
import { buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export function FormFooter({ name, error, busy, submit, onCancel }: { name: string; error: string | null | undefined; busy: boolean; submit: string; onCancel: () => void }) {
  return (
    <>
      {error && (
        <p role="alert" data-testid={`${name}-form-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={buttonClass({ variant: "secondary" })}>
          Cancel
        </button>
        <button type="submit" aria-busy={busy} data-testid={`${name}-save`} className={buttonClass()}>
          {busy && <Spinner />}
          {submit}
        </button>
      </div>
    </>
  );
}

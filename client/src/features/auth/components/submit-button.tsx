import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** An account form's submit, the width of the form: while the request runs it spins and says what it is doing. */
export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending}>
      {pending && <Spinner />}
      {pending ? pendingLabel : label}
    </Button>
  );
}

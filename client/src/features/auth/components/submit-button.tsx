import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useHydrated } from '@/hooks/use-hydrated';

/**
 * An account form's submit, the width of the form: while the request runs it spins and says what it is doing. The
 * sign-in page arrives rendered by the server: sent before its code has arrived, the form would go as a plain GET
 * with the password in the address, so it waits for the page to be hydrated.
 */
export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending || !hydrated}>
      {pending && <Spinner />}
      {pending ? pendingLabel : label}
    </Button>
  );
}

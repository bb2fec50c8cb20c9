// A modal dialog on the browser's own <dialog>: showModal() gives the focus trap, Escape and the backdrop, and the
// focus goes back where it was on close. Its content is mounted only while it is open, so forms start afresh.
import { createContext, use, useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { Button } from './button';

/** What a dialog's header takes from its dialog: the id its heading must carry, and how to close. */
const DialogContext = createContext<{ labelledBy: string; onClose: () => void } | null>(null);

export function ModalDialog({
  open,
  onClose,
  labelledBy,
  className,
  initialFocus,
  children,
}: {
  open: boolean;
  /** Called when the dialog closes by itself (Escape) or by its header's button; the caller then sets `open` to false. */
  onClose: () => void;
  /** The id of the dialog's heading. */
  labelledBy: string;
  className: string;
  /** A selector inside the dialog to focus when it opens, when the first focusable element is not the right one. */
  initialFocus?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) {
      element.showModal();
      if (initialFocus) element.querySelector<HTMLElement>(initialFocus)?.focus();
    }
    if (!open && element?.open) element.close();
  }, [open, initialFocus]);
  return (
    <dialog ref={dialog} aria-labelledby={labelledBy} onClose={onClose} className={className}>
      {open && <DialogContext value={{ labelledBy, onClose }}>{children}</DialogContext>}
    </dialog>
  );
}

/** A ModalDialog's heading, which the dialog is labelled by, beside the button that closes it. */
export function ModalDialogHeader({
  title,
  closeLabel,
  className,
  titleClassName,
  closeClassName,
  autoFocusClose,
}: {
  title: ReactNode;
  closeLabel: string;
  className: string;
  titleClassName: string;
  closeClassName?: string;
  /** Focus starts on the close button (the dialog has nothing else to focus). */
  autoFocusClose?: boolean;
}) {
  const { labelledBy, onClose } = use(DialogContext)!;
  return (
    <div className={className}>
      <h2 id={labelledBy} className={titleClassName}>
        {title}
      </h2>
      <Button variant="ghost" size="icon" className={closeClassName} aria-label={closeLabel} onClick={onClose} autoFocus={autoFocusClose}>
        <X aria-hidden="true" className="h-5 w-5" />
      </Button>
    </div>
  );
}

// A modal dialog on the browser's own <dialog>: showModal() gives the focus trap, Escape and the backdrop, and the
// focus goes back where it was on close. Its content is mounted only while it is open, so forms start afresh.
import { useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { Button } from './button';

export function ModalDialog({
  open,
  onClose,
  labelledBy,
  className,
  initialFocus,
  children,
}: {
  open: boolean;
  /** Called when the dialog closes by itself (Escape); the caller then sets `open` to false. */
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
      {open && children}
    </dialog>
  );
}

/** A dialog's heading (its id is the dialog's labelledBy) beside the button that closes it. */
export function ModalDialogHeader({
  titleId,
  title,
  closeLabel,
  onClose,
  className,
  titleClassName,
  closeClassName,
  autoFocusClose,
}: {
  titleId: string;
  title: ReactNode;
  closeLabel: string;
  onClose: () => void;
  className: string;
  titleClassName: string;
  closeClassName?: string;
  /** Focus starts on the close button (the dialog has nothing else to focus). */
  autoFocusClose?: boolean;
}) {
  return (
    <div className={className}>
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      <Button variant="ghost" size="icon" className={closeClassName} aria-label={closeLabel} onClick={onClose} autoFocus={autoFocusClose}>
        <X aria-hidden="true" className="h-5 w-5" />
      </Button>
    </div>
  );
}

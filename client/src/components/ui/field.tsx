import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { clsx } from 'clsx';

const control =
  'block rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:bg-slate-100 aria-invalid:border-red-600';

/** A one-line control's height and text: forms use the default; a filter panel or a toolbar the smaller ones. */
const controlSizes = { sm: 'h-9 text-sm', md: 'h-10 text-base', lg: 'h-11 text-base' } as const;

/**
 * The controls' own looks are theirs alone: class names are joined, not merged, so a class given here must not
 * restate one the control sets (a height, a width, a padding). Those are the props.
 */
interface ControlLooks {
  controlSize?: keyof typeof controlSizes;
  /** Off for a control as wide as its content or as a width given in `className`. */
  fullWidth?: boolean;
}

export function Input({ className, controlSize = 'lg', fullWidth = true, ...props }: InputHTMLAttributes<HTMLInputElement> & ControlLooks) {
  return <input className={clsx(control, controlSizes[controlSize], 'py-2.5', fullWidth && 'w-full', className)} {...props} />;
}

export function Textarea({ className, fullWidth = true, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & Omit<ControlLooks, 'controlSize'>) {
  // Its height is its rows' when it has rows, else room for four lines. Each paragraph people write takes its
  // direction from its first letter (unicode-bidi: plaintext): an English bio typed on an Arabic page keeps its full
  // stop at its end. dir=auto did that for the whole box, but an empty one started left to right on an Arabic page.
  return <textarea className={clsx(control, 'py-2.5 text-base [unicode-bidi:plaintext]', props.rows === undefined && 'min-h-28', fullWidth && 'w-full', className)} {...props} />;
}

export function Select({ className, controlSize = 'lg', fullWidth = true, ...props }: SelectHTMLAttributes<HTMLSelectElement> & ControlLooks) {
  // The browser centres a select's text itself; padding on top of the height cut off tall scripts (Arabic).
  return <select className={clsx(control, controlSizes[controlSize], 'py-0', fullWidth && 'w-full', className)} {...props} />;
}

interface FieldProps {
  /**
   * The control's id, unique on the page (`sign-in-email`); its hint and error take it with `-hint` and `-error`.
   * Named, not counted: see docs/decisions/0053.
   */
  id: string;
  label: ReactNode;
  /** Marks the label of a required field. */
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  /**
   * For a control made of buttons that carry their own names (a file field's "Choose file"): the label names the
   * group around them instead of one control.
   */
  group?: boolean;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (ids: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}

/** A labelled form control with its hint and error message, wired for screen readers. */
export function Field({ id, label, required, hint, error, group, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const labelText = (
    <>
      {label}
      {required && (
        <span aria-hidden="true" className="ms-0.5 text-red-700">
          *
        </span>
      )}
    </>
  );
  const labelClass = 'block text-sm font-medium text-slate-800';
  return (
    <div className="space-y-1.5" {...(group ? { role: 'group', 'aria-labelledby': `${id}-label` } : {})}>
      {group ? (
        <span id={`${id}-label`} className={labelClass}>
          {labelText}
        </span>
      ) : (
        <label htmlFor={id} className={labelClass}>
          {labelText}
        </label>
      )}
      {children({ id, 'aria-describedby': describedBy, ...(error ? { 'aria-invalid': true as const } : {}) })}
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

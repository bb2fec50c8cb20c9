// Every text the API takes is built here: no control characters (see docs/decisions/0019-text-without-control-characters.md).
import { z } from 'zod';

/** C0 controls, DEL and C1 controls (Unicode's Cc). */
const CONTROL = /\p{Cc}/u;
/** The same less tab, line feed and carriage return, which a multi-line field holds. */
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

export const controlCharactersMessage = (field: string) => `${field} must not contain control characters`;

/**
 * A string without control characters, trimmed unless told otherwise (passwords are kept as typed). `field` names
 * it in the message ("Full name must not contain control characters"); `error` answers a value that is not a string.
 */
export function text(field: string, options: { multiline?: boolean; trim?: boolean; error?: string } = {}) {
  const control = options.multiline ? CONTROL_BUT_LINES : CONTROL;
  const string = z.string(options.error ? { error: options.error } : undefined);
  return (options.trim === false ? string : string.trim()).refine((value) => !control.test(value), controlCharactersMessage(field));
}

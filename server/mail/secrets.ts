// Links that let their reader act as the recipient (confirm the address, set a new password, and any later signed
// link) are secrets. A template writes a placeholder where such a link goes and returns the link apart; the outbox
// stores the message with the placeholder and the link in its own column, the worker fills it in at delivery and
// clears it, and the admin console shows the placeholder as "[link hidden]" (docs/decisions/0015).
import { escapeHtml } from './templates.ts';

export type Secrets = Record<string, string>;

export const HIDDEN_LINK = '[link hidden]';

/** What templates.ts's secretPlaceholder writes. */
const PLACEHOLDER = /\{\{secret:([a-z_]+)\}\}/g;

/** The message as it goes out: each placeholder that has a value gets it (escaped in HTML). */
export function fillSecrets(body: string, secrets: Secrets, format: 'text' | 'html'): string {
  // A function as replacement: "$&" in a value must stay text.
  return body.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = Object.hasOwn(secrets, name) ? secrets[name] : undefined;
    if (value === undefined) return placeholder;
    return format === 'html' ? escapeHtml(value) : value;
  });
}

/** The message as the admin console shows it. */
export function redactSecrets(body: string): string {
  return body.replace(PLACEHOLDER, HIDDEN_LINK);
}

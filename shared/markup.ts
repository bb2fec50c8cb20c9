/** A text made safe inside HTML or XML, in an element or a quoted attribute (every special character as its code). */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

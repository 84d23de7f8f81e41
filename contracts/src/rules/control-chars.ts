/**
 * C0 control characters other than tab, line feed and carriage return: no field of the product holds them,
 * and PostgreSQL refuses NUL in text (a request carrying one must be refused or cleaned, never sent to it).
 */
// eslint-disable-next-line no-control-regex -- finding them is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** `value` with each control character (as above) replaced by a space. */
export function withoutControlChars(value: string): string {
  return value.replace(new RegExp(CONTROL_CHARS.source, 'g'), ' ');
}

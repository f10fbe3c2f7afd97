/** A message with `{name}` placeholders filled as plain text (the view renders text, never HTML). */
export function fill(message: string, params: Record<string, string>): string {
  return message.replace(/\{(\w+)\}/g, (match, name: string) => params[name] ?? match);
}

/** Text placed into an HTML page we serve (sign-in pages, sandbox pages): never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// The one HTML-escaping helper: the pay page (server/payments/payPageMarkup.ts), the catalog pages the build prerenders
// and the backend renders (server/render/pageHtml.ts) and the sitemaps put text and URLs into element content and
// double-quoted attributes with it.
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);
}

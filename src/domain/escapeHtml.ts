// The one HTML-escaping helper, for text and URLs put into element content and double-quoted attributes of HTML
// or SVG built as strings: the catalog pages the build prerenders and the backend renders (server/render/), the
// sitemaps, the statechart drawings (src/inspector/svg.ts) and the generated product pictures
// (scripts/generate-images.ts). Markup rendered by React (the pay page) is escaped by React.
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

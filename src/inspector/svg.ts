// Draws a laid-out diagram as an SVG string: rounded state boxes (compound states hold their children, the
// regions of a parallel state are dashed), a start dot per compound state, orthogonal edges with arrowheads
// and their event labels. One renderer for docs/statecharts/*.svg (node) and the inspector (browser, where
// the active states are lit). Styles are inline attributes so the file renders on its own (GitHub, an <img>).
import { escapeHtml } from '../domain/escapeHtml';
import { CHAR_WIDTH, FONT_SIZE, LINE_HEIGHT, type LaidOutDiagram, type LaidOutState } from './layout';

export const COLORS = {
  ink: '#343A40',
  line: '#6C757D',
  box: '#FFFFFF',
  compound: '#F8F9FA',
  active: '#0B5ED7',
  activeFill: '#E7F1FF',
  label: '#212529',
} as const;

export interface SvgOptions {
  /** Diagram ids of the active states (`cart.storage.ready`): drawn with a thick blue border. */
  active?: ReadonlySet<string>;
  /** Edges (`<source id>-><target id>`) taken by the event being looked at: drawn thick and blue. */
  taken?: ReadonlySet<string>;
  /** The accessible name of the drawing (role="img"). */
  title?: string;
}

const n = (value: number) => String(Math.round(value * 10) / 10);

export function renderSvg(diagram: LaidOutDiagram, options: SvgOptions = {}): string {
  const active = options.active ?? new Set<string>();
  const taken = options.taken ?? new Set<string>();
  const title = options.title ?? `Statechart: ${diagram.machine}`;
  const children = new Map<string | null, LaidOutState[]>();
  for (const s of diagram.states) {
    const list = children.get(s.state.parent) ?? [];
    list.push(s);
    children.set(s.state.parent, list);
  }
  const parentKind = new Map(diagram.states.map((s) => [s.state.id, s.state.kind]));

  const lines: string[] = [];
  const drawState = (s: LaidOutState, indent: string) => {
    const { state } = s;
    const lit = active.has(state.id);
    const kids = children.get(state.id) ?? [];
    const region = state.parent !== null && parentKind.get(state.parent) === 'parallel';
    const fill = lit && kids.length === 0 ? COLORS.activeFill : kids.length ? COLORS.compound : COLORS.box;
    lines.push(
      `${indent}<g data-state-id="${escapeHtml(state.id)}" data-kind="${state.kind}" data-active="${lit}">`,
      `${indent}  <rect x="${n(s.x)}" y="${n(s.y)}" width="${n(s.width)}" height="${n(s.height)}" rx="8" ry="8"` +
        ` fill="${fill}" stroke="${lit ? COLORS.active : COLORS.ink}" stroke-width="${lit ? 3 : 1}"` +
        `${region ? ' stroke-dasharray="6 4"' : ''}/>`,
    );
    if (state.kind === 'final') {
      lines.push(
        `${indent}  <rect x="${n(s.x + 3)}" y="${n(s.y + 3)}" width="${n(s.width - 6)}" height="${n(s.height - 6)}" rx="6" ry="6" fill="none" stroke="${lit ? COLORS.active : COLORS.ink}"/>`,
      );
    }
    // Atomic states: the name in the middle; compound ones: at the top, above their children.
    const textX = kids.length ? s.x + 12 : s.x + s.width / 2;
    const textY = kids.length ? s.y + 20 : s.y + s.height / 2 + FONT_SIZE / 2 - 2;
    lines.push(
      `${indent}  <text x="${n(textX)}" y="${n(textY)}"${kids.length ? '' : ' text-anchor="middle"'} fill="${lit ? COLORS.active : COLORS.label}"` +
        `${lit ? ' font-weight="bold"' : ''}>${escapeHtml(state.label)}${state.kind === 'parallel' ? ' ‖' : ''}</text>`,
    );
    for (const kid of kids) drawState(kid, `${indent}  `);
    lines.push(`${indent}</g>`);
  };

  lines.push(
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${n(diagram.width)} ${n(diagram.height)}" width="${n(diagram.width)}" height="${n(diagram.height)}"` +
      ` font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" font-size="${FONT_SIZE}" data-machine="${escapeHtml(diagram.machine)}">`,
    `  <title>${escapeHtml(title)}</title>`,
    '  <defs>',
    `    <marker id="arrow-${escapeHtml(diagram.machine)}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">`,
    `      <path d="M0,0 L10,5 L0,10 z" fill="${COLORS.line}"/>`,
    '    </marker>',
    '  </defs>',
    `  <rect width="${n(diagram.width)}" height="${n(diagram.height)}" fill="#FFFFFF"/>`,
  );
  for (const s of children.get(null) ?? []) drawState(s, '  ');
  for (const dot of diagram.initials) {
    lines.push(
      `  <circle data-initial-of="${escapeHtml(dot.target)}" cx="${n(dot.x + dot.width / 2)}" cy="${n(dot.y + dot.height / 2)}" r="${n(dot.width / 2)}" fill="${COLORS.ink}"/>`,
    );
  }
  for (const edge of diagram.edges) {
    if (edge.points.length < 2) continue;
    const d = edge.points.map((p, i) => `${i ? 'L' : 'M'}${n(p.x)},${n(p.y)}`).join(' ');
    const hot = taken.has(`${edge.source}->${edge.target}`);
    lines.push(
      `  <g data-edge="${escapeHtml(edge.source)}->${escapeHtml(edge.target)}"${hot ? ' data-taken="true"' : ''}>`,
    );
    lines.push(
      `    <path d="${d}" fill="none" stroke="${hot ? COLORS.active : COLORS.line}" stroke-width="${hot ? 3 : 1.2}" marker-end="url(#arrow-${escapeHtml(diagram.machine)})"/>`,
    );
    if (edge.label && edge.labels.length) {
      const { x, y, width, height } = edge.label;
      lines.push(
        `    <rect x="${n(x - 2)}" y="${n(y)}" width="${n(width + 4)}" height="${n(height)}" fill="#FFFFFF" fill-opacity="0.85"/>`,
      );
      edge.labels.forEach((text, i) => {
        lines.push(
          `    <text x="${n(x)}" y="${n(y + (i + 1) * LINE_HEIGHT - 4)}" fill="${COLORS.ink}" textLength="${n(Math.min(width, text.length * CHAR_WIDTH))}" lengthAdjust="spacingAndGlyphs">${escapeHtml(text)}</text>`,
        );
      });
    }
    lines.push('  </g>');
  }
  lines.push('</svg>', '');
  return lines.join('\n');
}

// Lays a diagram out with elkjs (ELK's layered algorithm: states in layers, compound states laid out with
// their children, orthogonal edges with their labels placed). The same code runs in node for
// docs/statecharts/*.svg and in the browser for the inspector (a lazy chunk: elk.bundled.js is ~470 KB gz).
// Text is measured by character count in a monospace font, so node and browser get the same layout.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { Diagram, DiagramState } from './graph';

export const FONT_SIZE = 12;
/** Width of one character of a 12 px monospace font, rounded up a little. */
export const CHAR_WIDTH = 7.5;
export const LINE_HEIGHT = 15;
const STATE_HEIGHT = 36;
const STATE_MIN_WIDTH = 72;
const COMPOUND_HEADER = 30;
const INITIAL_SIZE = 12;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutState extends Box {
  state: DiagramState;
  /** Depth below the top level (0 = top level): drawn in this order, parents first. */
  depth: number;
}

export interface LaidOutEdge {
  id: string;
  source: string;
  target: string;
  labels: string[];
  /** The polyline, start to end (several sections are concatenated). */
  points: Array<{ x: number; y: number }>;
  label: Box | null;
}

export interface LaidOutDiagram {
  machine: string;
  width: number;
  height: number;
  states: LaidOutState[];
  initials: Array<Box & { target: string }>;
  edges: LaidOutEdge[];
}

export const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH);
const initialId = (parent: string) => `${parent}.__initial`;

const ROOT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  // Every coordinate relative to the root: the renderer needs no offsets.
  'org.eclipse.elk.json.shapeCoords': 'ROOT',
  'org.eclipse.elk.json.edgeCoords': 'ROOT',
  'elk.spacing.nodeNode': '28',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.spacing.edgeLabel': '4',
  'elk.padding': '[top=16,left=16,bottom=16,right=16]',
};

export async function layoutDiagram(diagram: Diagram): Promise<LaidOutDiagram> {
  const elkNodes = new Map<string, ElkNode>();
  const root: ElkNode = { id: diagram.machine, layoutOptions: ROOT_OPTIONS, children: [], edges: [] };
  elkNodes.set(diagram.machine, root);
  const hasChildren = new Set(diagram.states.map((s) => s.parent).filter((p): p is string => p !== null));
  for (const state of diagram.states) {
    const node: ElkNode = hasChildren.has(state.id)
      ? {
          id: state.id,
          layoutOptions: {
            'elk.padding': `[top=${COMPOUND_HEADER},left=12,bottom=12,right=12]`,
            'elk.nodeSize.constraints': 'MINIMUM_SIZE',
            'elk.nodeSize.minimum': `(${textWidth(state.label) + 24}, ${STATE_HEIGHT})`,
          },
          children: [],
        }
      : { id: state.id, width: Math.max(STATE_MIN_WIDTH, textWidth(state.label) + 24), height: STATE_HEIGHT };
    elkNodes.set(state.id, node);
    elkNodes.get(state.parent ?? diagram.machine)!.children!.push(node);
  }
  const edges: ElkExtendedEdge[] = [];
  for (const { parent, target } of diagram.initials) {
    elkNodes.get(parent)!.children!.unshift({ id: initialId(parent), width: INITIAL_SIZE, height: INITIAL_SIZE });
    edges.push({ id: `${initialId(parent)}->`, sources: [initialId(parent)], targets: [target] });
  }
  for (const edge of diagram.edges) {
    const width = Math.max(...edge.labels.map(textWidth));
    edges.push({
      id: edge.id,
      sources: [edge.source],
      targets: [edge.target],
      labels: [
        { id: `${edge.id}.label`, text: edge.labels.join('\n'), width, height: edge.labels.length * LINE_HEIGHT },
      ],
    });
  }
  root.edges = edges;

  const laid = await new ELK().layout(root);

  const round = (n: number | undefined) => Math.round((n ?? 0) * 10) / 10;
  const box = (n: { x?: number; y?: number; width?: number; height?: number }): Box => ({
    x: round(n.x),
    y: round(n.y),
    width: round(n.width),
    height: round(n.height),
  });
  const placed = new Map<string, ElkNode>();
  const collect = (node: ElkNode) => {
    placed.set(node.id, node);
    node.children?.forEach(collect);
  };
  collect(laid);
  const depthOf = (state: DiagramState): number => {
    let depth = 0;
    for (let p = state.parent; p; p = diagram.states.find((s) => s.id === p)?.parent ?? null) depth++;
    return depth;
  };
  const edgeById = new Map((laid.edges ?? []).map((e) => [e.id, e as ElkExtendedEdge]));
  return {
    machine: diagram.machine,
    width: round(laid.width),
    height: round(laid.height),
    states: diagram.states.map((state) => ({ state, depth: depthOf(state), ...box(placed.get(state.id)!) })),
    initials: diagram.initials.map(({ parent, target }) => ({ target, ...box(placed.get(initialId(parent))!) })),
    edges: [
      ...diagram.initials.map(({ parent, target }) => ({
        id: `${initialId(parent)}->`,
        source: initialId(parent),
        target,
        labels: [],
      })),
      ...diagram.edges,
    ].map((edge) => {
      const laidEdge = edgeById.get(edge.id);
      const points = (laidEdge?.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
      const label = laidEdge?.labels?.[0];
      return {
        id: edge.id,
        source: edge.source,
        target: edge.target,
        labels: edge.labels,
        points: points.map((p) => ({ x: round(p.x), y: round(p.y) })),
        label: label ? box(label) : null,
      };
    }),
  };
}

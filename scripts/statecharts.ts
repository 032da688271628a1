// `npm run statecharts`: writes docs/statecharts/<machine>.md (a Mermaid stateDiagram-v2 plus tables of states
// and transitions) and <machine>.svg (the inspector's elkjs drawing, src/inspector/) for every machine in
// src/machines, and docs/statecharts/README.md indexing them.
// Everything is read from the machine definitions (machine.root and its state nodes), so the docs cannot drift:
// test/docs/statecharts.test.ts regenerates them in memory and fails when the committed files differ.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  allNodes,
  describeAction,
  diagramOf,
  edgeLabel,
  edgesOf,
  initialChild,
  isAfterTimer,
  statePath,
  type Edge,
} from '../src/inspector/graph';
import { layoutDiagram } from '../src/inspector/layout';
import { renderSvg } from '../src/inspector/svg';
import { authMachine } from '../src/machines/authMachine';
import { browseMachine } from '../src/machines/browseMachine';
import { browseSlotMachine } from '../src/machines/browseSlotMachine';
import { cartMachine } from '../src/machines/cartMachine';
import { catalogMachine } from '../src/machines/catalogMachine';
import { checkoutGuardMachine } from '../src/machines/checkoutGuardMachine';
import { checkoutMachine } from '../src/machines/checkoutMachine';
import { confirmationMachine } from '../src/machines/confirmationMachine';
import { connectivityMachine } from '../src/machines/connectivityMachine';
import { deliveryMachine } from '../src/machines/deliveryMachine';
import { orderLifecycleMachine } from '../src/machines/orderLifecycleMachine';
import { ordersMachine } from '../src/machines/ordersMachine';
import { returnRequestMachine } from '../src/machines/returnRequestMachine';
import { searchMachine } from '../src/machines/searchMachine';
import { stockMachine } from '../src/machines/stockMachine';

export interface DocumentedMachine {
  machine: AnyStateMachine;
  file: string;
  summary: string;
}

export const documentedMachines: DocumentedMachine[] = [
  {
    machine: authMachine,
    file: 'src/machines/authMachine.ts',
    summary:
      'Who is signed in: follows the auth-state stream, loads the profile, runs the sign-in, sign-up, Google and sign-out flows.',
  },
  {
    machine: browseMachine,
    file: 'src/machines/browseMachine.ts',
    summary:
      'Sorting and price filters of /category/:id and /search: the view read from and written to ?ordem=&preco=, the list it shows, its price bands.',
  },
  {
    machine: browseSlotMachine,
    file: 'src/machines/browseSlotMachine.ts',
    summary:
      'A product list before the browse chunk arrives: after hydration an address with ?ordem= or ?preco= keeps the grid unpainted until the chunk shows that view, or 3 seconds have passed.',
  },
  {
    machine: cartMachine,
    file: 'src/machines/cartMachine.ts',
    summary:
      'The cart and its side panel: restored on start, saved when non-empty, cleared in storage when emptied, merged across tabs, kept in memory (and said so) while the browser refuses to save it.',
  },
  {
    machine: catalogMachine,
    file: 'src/machines/catalogMachine.ts',
    summary:
      'The category list (home, explore), the category on screen (/category/:id), a product no category preview holds (read alone for /product/:id), and the category on screen read page by page past its preview.',
  },
  {
    machine: checkoutGuardMachine,
    file: 'src/machines/checkoutGuardMachine.ts',
    summary: 'Protected /checkout: a logged-out visitor sees a message and is sent to /login after 3 seconds.',
  },
  {
    machine: checkoutMachine,
    file: 'src/machines/checkoutMachine.ts',
    summary: 'The Finalizar Compra button: creates a checkout session once per click and sends the browser to its url.',
  },
  {
    machine: confirmationMachine,
    file: 'src/machines/confirmationMachine.ts',
    summary:
      '/payment-confirmation: reads how the payment ended from the address; a confirmed payment tells the cart (cart.paymentConfirmed), once per visit.',
  },
  {
    machine: connectivityMachine,
    file: 'src/machines/connectivityMachine.ts',
    summary:
      'The connection and the app\'s version: the offline banner and notices from the online/offline events; a new service worker announced ("Nova versão disponível") except during a checkout, activated on "Atualizar", then a reload.',
  },
  {
    machine: deliveryMachine,
    file: 'src/machines/deliveryMachine.ts',
    summary:
      'Frete and delivery dates by CEP, for the cart (its parcel follows the cart) and for a product page: validates the CEP, remembers it, quotes both services, keeps the chosen one for checkout.',
  },
  {
    machine: orderLifecycleMachine,
    file: 'src/machines/orderLifecycleMachine.ts',
    summary:
      "A paid order's life, run by the backend on the stored order: pago → em separação → enviado (with its Correios tracking code) → entregue, a cancellation before it ships, a return asked within 7 days of the delivery, and the refund.",
  },
  {
    machine: ordersMachine,
    file: 'src/machines/ordersMachine.ts',
    summary:
      '"Meus pedidos" and the confirmation page\'s order: reads the shopper\'s orders (or the one of a checkout session) through OrdersPort, following the signed-in shopper, with a deadline and a retry.',
  },
  {
    machine: returnRequestMachine,
    file: 'src/machines/returnRequestMachine.ts',
    summary:
      '"Solicitar devolução" on a delivered order of Meus pedidos: the reasons, one request through ReturnsPort with a 10 s deadline, then the fulfilment the backend stored ("Devolução solicitada") or its refusal, the form kept.',
  },
  {
    machine: searchMachine,
    file: 'src/machines/searchMachine.ts',
    summary:
      'The search field and /search: debounces typing, waits for the catalog, searches a lazily built index, shows results or the empty state.',
  },
  {
    machine: stockMachine,
    file: 'src/machines/stockMachine.ts',
    summary:
      "The live stock the pages show: a product page's document, the low stock of the categories on screen, the cart's lines; one read at a time with an 8 s deadline, each product read told to the cart.",
  },
];

const mermaidId = (node: AnyStateNode) => (node.path.length ? node.path.join('_') : `${node.machine.id}_root`);

function kind(node: AnyStateNode): string {
  return node.type;
}

// ---------------------------------------------------------------------------------------------------------
// Rendering

const mermaidLabel = (text: string) => text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();
const cell = (text: string) => (text === '' ? '—' : text.replace(/\|/g, '\\|'));
const code = (text: string) => (text === '' ? '' : `\`${text}\``);

const mermaidEdgeLabel = (edge: Edge) => mermaidLabel(edgeLabel(edge));

function renderDiagram(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const root = machine.root as AnyStateNode;
  const drawn = new Set<string>();

  const renderChildren = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states) as AnyStateNode[];
    const initial = initialChild(node);
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
    children.forEach((child, index) => {
      if (node.type === 'parallel' && index > 0) lines.push(`${indent}--`);
      renderNode(child, indent);
    });
    // Transitions between siblings are drawn inside their parent so Mermaid keeps them in the cluster.
    for (const child of children) {
      for (const edge of edgesOf(child, machine)) {
        for (const target of edge.targets) {
          if (target.parent !== node) continue;
          lines.push(`${indent}${mermaidId(child)} --> ${mermaidId(target)} : ${mermaidEdgeLabel(edge)}`);
          drawn.add(`${child.id}|${target.id}|${mermaidEdgeLabel(edge)}`);
        }
      }
      if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
    }
  };

  const renderNode = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states);
    if (children.length === 0) {
      lines.push(`${indent}state "${node.key}" as ${mermaidId(node)}`);
      return;
    }
    lines.push(`${indent}state "${node.key}${node.type === 'parallel' ? ' (parallel)' : ''}" as ${mermaidId(node)} {`);
    renderChildren(node, `${indent}  `);
    lines.push(`${indent}}`);
  };

  if (root.type === 'parallel') {
    // Mermaid draws concurrent regions (`--`) only inside a composite state.
    lines.push(`  state "${root.key} (parallel)" as ${mermaidId(root)} {`);
    renderChildren(root, '    ');
    lines.push('  }');
  } else {
    renderChildren(root, '  ');
  }
  // Every other transition (across levels, or from a parent to one of its children) at the top level.
  for (const node of allNodes(root)) {
    for (const edge of edgesOf(node, machine)) {
      for (const target of edge.targets) {
        if (drawn.has(`${node.id}|${target.id}|${mermaidEdgeLabel(edge)}`)) continue;
        if (node === root) continue;
        lines.push(`  ${mermaidId(node)} --> ${mermaidId(target)} : ${mermaidEdgeLabel(edge)}`);
      }
    }
  }
  return lines.join('\n');
}

function renderStatesTable(machine: AnyStateMachine): string {
  const rows = allNodes(machine.root as AnyStateNode).map((node) => {
    const initial = initialChild(node);
    const invokes = node.invoke.map((i) =>
      i.id === i.src ? code(String(i.id)) : `${code(String(i.id))} (${code(String(i.src))})`,
    );
    return [
      code(statePath(node)),
      kind(node) + (initial ? `, initial ${code(initial.key)}` : ''),
      node.tags.map(code).join(', '),
      node.entry
        .filter((a) => !isAfterTimer(a))
        .map((a) => code(describeAction(a)))
        .join(', '),
      invokes.join(', '),
    ];
  });
  return [
    '| State | Kind | Tags | Entry actions | Invokes |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

function renderTransitionsTable(machine: AnyStateMachine): string {
  const rows = allNodes(machine.root as AnyStateNode).flatMap((node) =>
    edgesOf(node, machine).map((edge) => [
      code(statePath(node)),
      code(edge.event),
      code(edge.guard),
      edge.targets.length
        ? edge.targets.map((t) => code(statePath(t))).join(', ') + (edge.reenter ? ' (re-enters)' : '')
        : '(stays)',
      edge.actions.map(code).join(', '),
    ]),
  );
  return [
    '| From | Event | Guard | To | Actions |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

const GENERATED = '<!-- Generated by `npm run statecharts` from the machine definitions. Do not edit by hand. -->';

export function renderMachineDoc({ machine, file, summary }: DocumentedMachine): string {
  return [
    GENERATED,
    `# ${machine.id}`,
    '',
    `${summary} Defined in [\`${file}\`](../../${file}).`,
    '',
    `![${machine.id} statechart, laid out by elkjs](${machine.id}.svg)`,
    '',
    `The drawing above ([${machine.id}.svg](${machine.id}.svg)) is the one the live inspector shows (docs/inspector.md); the Mermaid source below renders on GitHub.`,
    '',
    '```mermaid',
    renderDiagram(machine),
    '```',
    '',
    '## States',
    '',
    renderStatesTable(machine),
    '',
    '## Transitions',
    '',
    'Events are tried from the innermost active state outwards; for one event, the first row whose guard passes wins.',
    '`done: x` / `error: x` are the outcomes of the invoked actor `x`; `(stays)` means actions only, no state change.',
    '',
    renderTransitionsTable(machine),
    '',
  ].join('\n');
}

export function renderIndex(machines: readonly DocumentedMachine[]): string {
  const rows = machines.map(({ machine, summary }) => {
    const nodes = allNodes(machine.root as AnyStateNode);
    const transitions = nodes.reduce((sum, node) => sum + edgesOf(node, machine).length, 0);
    return `| [${machine.id}](${machine.id}.md) | ${nodes.length - 1} | ${transitions} | ${summary} |`;
  });
  return [
    GENERATED,
    '# Statecharts',
    '',
    'One page per XState machine of the storefront: a Mermaid diagram and tables of states and transitions,',
    'read from the machine definitions in `src/machines/`. Regenerate with `npm run statecharts`;',
    '`test/docs/statecharts.test.ts` fails when these files are stale.',
    '',
    '| Machine | States | Transitions | What it does |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** The machine's diagram as the inspector draws it: graph → elkjs layout → SVG, nothing lit. */
export async function renderMachineSvg(machine: AnyStateMachine): Promise<string> {
  return renderSvg(await layoutDiagram(diagramOf(machine)), { title: `Statechart of the ${machine.id} machine` });
}

/** Every generated file, path relative to the repository root → content. */
export async function generateStatecharts(
  machines: readonly DocumentedMachine[] = documentedMachines,
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of machines) {
    files.set(`docs/statecharts/${entry.machine.id}.md`, renderMachineDoc(entry));
    files.set(`docs/statecharts/${entry.machine.id}.svg`, await renderMachineSvg(entry.machine));
  }
  files.set('docs/statecharts/README.md', renderIndex(machines));
  return files;
}

export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  for (const [path, content] of await generateStatecharts()) {
    const absolute = join(repositoryRoot, path);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, content);
    console.log(`wrote ${path}`);
  }
}

// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { documentedMachines, generateStatecharts, repositoryRoot } from '../../scripts/statecharts';

const generated = await generateStatecharts();

describe('docs/statecharts are generated from the machines and fresh', () => {
  it.each([...generated.keys()])('%s matches `npm run statecharts`', (path) => {
    const absolute = join(repositoryRoot, path);
    expect(existsSync(absolute), `${path} is missing: run npm run statecharts`).toBe(true);
    expect(readFileSync(absolute, 'utf8'), `${path} is stale: run npm run statecharts`).toBe(generated.get(path));
  });

  it('documents every machine in src/machines, and nothing else', () => {
    const machineFiles = readdirSync(join(repositoryRoot, 'src/machines')).filter((f) => /Machine\.ts$/.test(f));
    expect(documentedMachines.map((m) => m.file.replace('src/machines/', '')).sort()).toEqual(machineFiles.sort());
    const docs = readdirSync(join(repositoryRoot, 'docs/statecharts')).map((f) => `docs/statecharts/${f}`);
    expect(docs.sort()).toEqual([...generated.keys()].sort());
  });

  it('every machine has an SVG drawing with one box per state, linked from its page', () => {
    for (const { machine } of documentedMachines) {
      const svg = generated.get(`docs/statecharts/${machine.id}.svg`)!;
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), machine.id).toBe(true);
      const states: string[] = [];
      const walk = (node: AnyStateNode) => {
        if (node.path.length) states.push([machine.id, ...node.path].join('.'));
        Object.values(node.states).forEach((child) => walk(child as AnyStateNode));
      };
      walk(machine.root as AnyStateNode);
      const boxes = [...svg.matchAll(/<g data-state-id="([^"]+)"/g)].map((m) => m[1]);
      expect(boxes.sort(), machine.id).toEqual(states.sort());
      expect(generated.get(`docs/statecharts/${machine.id}.md`)).toContain(`](${machine.id}.svg)`);
    }
  });

  it('every state and every transition of every machine has a row', () => {
    for (const { machine } of documentedMachines) {
      const doc = generated.get(`docs/statecharts/${machine.id}.md`)!;
      expect(doc).toContain('```mermaid\nstateDiagram-v2');
      const nodes: AnyStateNode[] = [];
      const walk = (node: AnyStateNode) => {
        nodes.push(node);
        Object.values(node.states).forEach((child) => walk(child as AnyStateNode));
      };
      walk(machine.root as AnyStateNode);
      for (const node of nodes.slice(1)) {
        expect(doc, `${machine.id}: state ${node.id}`).toContain(`| \`${node.path.join('.')}\` |`);
      }
      const transitions = nodes.reduce(
        (sum, node) => sum + [...node.transitions.values()].flat().length + (node.always?.length ?? 0),
        0,
      );
      const section = doc.split('## Transitions')[1]!;
      const rows = section.split('\n').filter((line) => line.startsWith('| `'));
      expect(rows, `${machine.id}: one row per transition`).toHaveLength(transitions);
    }
    const cart = generated.get('docs/statecharts/cart.md')!;
    expect(cart).toContain('| `storage.ready` | `cart.decrease` | — | (stays) | `decreaseItem`, `persist` |');
    const guard = generated.get('docs/statecharts/checkoutGuard.md')!;
    expect(guard).toContain('waiting --> redirected : after loginRedirectDelay (3000 ms)');
    const auth = generated.get('docs/statecharts/auth.md')!;
    expect(auth).toContain(
      '| `loggedOut.idle` | `auth.signIn` | `isLoginFormValid` | `loggedOut.signingIn` | `clearFieldErrors`, `forgetTypedName` |',
    );
  });
});

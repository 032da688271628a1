// The inspector's panel (its own lazy chunk, with elkjs): one diagram per running machine with its active
// states lit, the last 100 events with what each did, and the snapshots before and after a chosen event.
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { ActorRefLike, AnyStateMachine, StateValue } from 'xstate';
import { styled } from '../ui/theme';
import { describeOutcome, snapshotJson, summarizePayload } from './format';
import { activeStateIds, diagramOf } from './graph';
import { layoutDiagram, type LaidOutDiagram } from './layout';
import type { InspectorRecorder, RecordedEvent } from './recorder';
import { renderSvg } from './svg';

/** The storefront's machines in the order of docs/statecharts; others (if any) follow. */
const KNOWN_MACHINES = ['auth', 'cart', 'catalog', 'checkoutGuard', 'checkout', 'delivery', 'search'];

const Frame = styled('div', {
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  height: '55vh',
  display: 'flex',
  flexDirection: 'column',
  background: '$surface',
  color: '$textDark',
  borderTop: '3px solid $primary',
  boxShadow: '0 -4px 16px rgba(33, 37, 41, 0.2)',
  fontFamily: '$system',
  fontSize: '$small',
});

const Bar = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  padding: '$2 $4',
  background: '$primary',
  color: '$textLight',
  '& h2': { margin: 0, fontSize: '$menu' },
});

const SmallButton = styled('button', {
  appearance: 'none',
  font: 'inherit',
  fontWeight: '$menu',
  minHeight: '32px',
  padding: '$1 $3',
  borderRadius: '$1',
  cursor: 'pointer',
  border: '2px solid currentColor',
  background: 'transparent',
  color: 'inherit',
});

const Body = styled('div', {
  flex: 1,
  minHeight: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
  '@phone': { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateRows: '1fr 1fr' },
});

const Column = styled('section', {
  overflow: 'auto',
  padding: '$3 $4',
  borderRight: '1px solid $border',
  '& h3': { fontSize: '$menu', margin: '0 0 $2' },
});

const MachineBlock = styled('div', {
  marginBottom: '$4',
  '& h4': { margin: '0 0 $1', fontSize: '$small' },
});

/** The drawing shrunk to the column's width (an overview), or at its own size, scrolling inside its frame. */
const Drawing = styled('div', {
  overflow: 'auto',
  border: '1px solid $border',
  borderRadius: '$1',
  '& svg': { display: 'block' },
  variants: { fit: { true: { '& svg': { maxWidth: '100%', height: 'auto' } } } },
});

const Actions = styled('div', { display: 'flex', gap: '$2' });

const EventList = styled('ol', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& li + li': { borderTop: '1px solid $border' },
});

const EventButton = styled('button', {
  appearance: 'none',
  display: 'block',
  width: '100%',
  textAlign: 'left',
  font: 'inherit',
  color: 'inherit',
  background: 'transparent',
  border: 0,
  padding: '$1 $2',
  cursor: 'pointer',
  '&[aria-pressed="true"]': { background: '#E7F1FF', outline: '2px solid #0B5ED7' },
  '& code': { fontWeight: 700 },
});

const Ignored = styled('span', {
  marginLeft: '$2',
  padding: '0 $1',
  borderRadius: '$1',
  background: '#FFF3CD',
  color: '#664D03',
  fontWeight: 700,
});

const Muted = styled('span', { color: '#495057' });

const Pre = styled('pre', {
  margin: '0 0 $3',
  padding: '$2',
  background: '#F8F9FA',
  border: '1px solid $border',
  borderRadius: '$1',
  maxHeight: '240px',
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  fontSize: '12px',
});

const layouts = new WeakMap<AnyStateMachine, Promise<LaidOutDiagram>>();
function layoutOf(machine: AnyStateMachine): Promise<LaidOutDiagram> {
  let laid = layouts.get(machine);
  if (!laid) {
    laid = layoutDiagram(diagramOf(machine));
    layouts.set(machine, laid);
  }
  return laid;
}

const time = (ms: number) => new Date(ms).toLocaleTimeString('pt-BR', { hour12: false });

function valueText(value: StateValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The edges an event's transitions took, as the diagram names them (a transition without target loops). */
function takenEdges(entry: RecordedEvent | undefined): Set<string> {
  return new Set(
    (entry?.transitions ?? []).flatMap((t) => (t.to.length ? t.to : [t.from]).map((to) => `${t.from}->${to}`)),
  );
}

function MachineDiagram({
  id,
  actor,
  fit,
  shown,
}: {
  id: string;
  actor: ActorRefLike;
  fit: boolean;
  shown: RecordedEvent | undefined;
}) {
  const machine = (actor as unknown as { logic: AnyStateMachine }).logic;
  const [laid, setLaid] = useState<LaidOutDiagram | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    layoutOf(machine).then(
      (result) => live && setLaid(result),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [machine]);
  const snapshot = actor.getSnapshot() as { value: StateValue; status: string };
  const active = activeStateIds(id, snapshot.value);
  const headingId = `inspector-machine-${id}`;
  return (
    <MachineBlock data-machine={id} role="group" aria-labelledby={headingId}>
      <h4 id={headingId}>
        {id}{' '}
        <Muted>
          — {valueText(snapshot.value)}
          {snapshot.status !== 'active' ? ` (${snapshot.status})` : ''}
        </Muted>
      </h4>
      {failed ? (
        <p>Não foi possível desenhar o diagrama.</p>
      ) : laid ? (
        <Drawing
          fit={fit}
          tabIndex={0}
          role="group"
          aria-label={`Diagrama de ${id}`}
          dangerouslySetInnerHTML={{
            __html: renderSvg(laid, {
              active: new Set(active),
              taken: takenEdges(shown),
              title: `Diagrama de estados de ${id}; ativo: ${active.map((a) => a.slice(id.length + 1)).join(', ')}`,
            }),
          }}
        />
      ) : (
        <p role="status">Desenhando…</p>
      )}
    </MachineBlock>
  );
}

function EventLine({ entry, selected, onSelect }: { entry: RecordedEvent; selected: boolean; onSelect: () => void }) {
  const payload = summarizePayload(entry.event);
  return (
    <li data-event-type={entry.event.type} data-machine={entry.machine} data-ignored={entry.ignored}>
      <EventButton type="button" aria-pressed={selected} onClick={onSelect}>
        <Muted>{time(entry.time)}</Muted> {entry.machine} · <code>{entry.event.type}</code>
        {payload && <Muted> {payload}</Muted>}
        <br />
        {entry.ignored ? <Ignored>Ignorado</Ignored> : <Muted>{describeOutcome(entry)}</Muted>}
      </EventButton>
    </li>
  );
}

export default function Panel({ recorder, onClose }: { recorder: InspectorRecorder; onClose: () => void }) {
  useSyncExternalStore(recorder.subscribe, recorder.version);
  const [selected, setSelected] = useState<number | null>(null);
  const [fit, setFit] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const actors = recorder.actors();
  const machines = [...actors.keys()].sort((a, b) => {
    const rank = (m: string) => (KNOWN_MACHINES.includes(m) ? KNOWN_MACHINES.indexOf(m) : KNOWN_MACHINES.length);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  const notStarted = KNOWN_MACHINES.filter((m) => !actors.has(m));
  const events = recorder.events().slice().reverse();
  const chosen = events.find((e) => e.seq === selected) ?? null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <Frame
      role="dialog"
      aria-modal="false"
      aria-labelledby="inspector-title"
      onKeyDown={onKeyDown}
      data-inspector-panel=""
    >
      <Bar>
        <h2 id="inspector-title" ref={heading} tabIndex={-1}>
          Inspetor de estados
        </h2>
        <Actions>
          <SmallButton type="button" aria-pressed={!fit} onClick={() => setFit((f) => !f)}>
            Tamanho real
          </SmallButton>
          <SmallButton type="button" onClick={onClose}>
            Fechar
          </SmallButton>
        </Actions>
      </Bar>
      <Body>
        <Column aria-labelledby="inspector-diagrams" tabIndex={0}>
          <h3 id="inspector-diagrams">Máquinas</h3>
          {machines.map((id) => (
            <MachineDiagram
              key={id}
              id={id}
              actor={actors.get(id)!}
              fit={fit}
              // The chosen event's transitions if it is this machine's, else its latest event that took one.
              shown={chosen?.machine === id ? chosen : events.find((e) => e.machine === id && e.transitions.length > 0)}
            />
          ))}
          {notStarted.length > 0 && <p>Ainda não iniciadas: {notStarted.join(', ')}.</p>}
        </Column>
        <Column aria-labelledby="inspector-events">
          <h3 id="inspector-events">Eventos</h3>
          <p>
            <Muted>
              Os últimos {recorder.events().length} eventos (até 100), o mais novo primeiro. Escolha um para ver o
              estado antes e depois.
            </Muted>
          </p>
          {chosen && (
            <div data-inspector-details="">
              <h4>Antes</h4>
              <Pre tabIndex={0} role="group" aria-label="Snapshot antes do evento">
                {snapshotJson(chosen.before)}
              </Pre>
              <h4>Depois</h4>
              <Pre tabIndex={0} role="group" aria-label="Snapshot depois do evento">
                {snapshotJson(chosen.after)}
              </Pre>
            </div>
          )}
          <EventList aria-label="Eventos">
            {events.map((entry) => (
              <EventLine
                key={entry.seq}
                entry={entry}
                selected={entry.seq === selected}
                onSelect={() => setSelected(entry.seq === selected ? null : entry.seq)}
              />
            ))}
          </EventList>
        </Column>
      </Body>
    </Frame>
  );
}

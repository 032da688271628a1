// Prints, at the end of a run, when each vitest project's files ran: the first start and the last end,
// in seconds since this vitest process started, and how many files. `npm test` runs two vitest processes side by side
// (package.json), so each prints its own table. This is how docs/testing.md's per-project times are read.
import type { Reporter, TestModule } from 'vitest/node';

interface Span {
  first: number;
  last: number;
  files: number;
  slowest: { file: string; seconds: number };
}

export default class TimelineReporter implements Reporter {
  private readonly began = Date.now();
  private readonly started = new Map<string, number>();
  private readonly spans = new Map<string, Span>();

  onTestModuleStart(module: TestModule) {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const project = module.project.name || 'root';
    const start = this.started.get(module.moduleId) ?? this.began;
    const end = Date.now();
    const span = this.spans.get(project) ?? { first: start, last: end, files: 0, slowest: { file: '', seconds: 0 } };
    span.first = Math.min(span.first, start);
    span.last = Math.max(span.last, end);
    span.files += 1;
    const seconds = (end - start) / 1000;
    if (seconds > span.slowest.seconds) span.slowest = { file: module.relativeModuleId, seconds };
    this.spans.set(project, span);
  }

  onTestRunEnd() {
    if (this.spans.size === 0) return;
    const at = (time: number) => ((time - this.began) / 1000).toFixed(0).padStart(4);
    const lines = [...this.spans].map(
      ([project, span]) =>
        `  ${project.padEnd(10)} ${String(span.files).padStart(3)} files  from ${at(span.first)} s to ${at(span.last)} s` +
        `  (longest: ${span.slowest.file}, ${span.slowest.seconds.toFixed(0)} s)`,
    );
    console.log(`\nTimeline (seconds since this vitest process started):\n${lines.join('\n')}\n`);
  }
}

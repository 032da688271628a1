// wait-on ships no types; only the options we use.
declare module 'wait-on' {
  interface WaitOnOptions {
    resources: string[];
    timeout?: number;
    interval?: number;
    window?: number;
    httpTimeout?: number;
    simultaneous?: number;
    proxy?: false;
  }
  export default function waitOn(options: WaitOnOptions): Promise<void>;
}

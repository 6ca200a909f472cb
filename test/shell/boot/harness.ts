import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Runs the BUILT main bundle (out/main/index.js) in a child Node process with the stand-in
 * `electron` (electron.cjs) and drives it over the IPC channel. Nothing of src/ is loaded: what
 * boots is what ships.
 */
export const MAIN_BUNDLE = resolve('out/main/index.js');
export const PRELOAD_BUNDLE = resolve('out/preload/index.cjs');
const REGISTER = resolve('test/shell/boot/register.cjs');

export interface Call {
  what: string;
  detail?: Record<string, unknown>;
}

export interface BootOptions {
  /** The main bundle to run (default: the repository's out/main/index.js). */
  main?: string;
  /** The folder for userData/logs (a fresh one when absent; pass one to boot twice on it). */
  dir?: string;
  packaged?: boolean;
  lockTaken?: boolean;
  dialogAnswer?: number;
  displays?: { x: number; y: number; width: number; height: number }[];
  resources?: string;
  env?: Record<string, string>;
}

export interface Exit {
  code: number | null;
  calls: Call[];
}

export class BootedApp {
  readonly exited: Promise<Exit>;
  private output = '';
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private lastCalls: Call[] = [];

  private constructor(
    readonly child: ChildProcess,
    readonly dir: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    let exitCalls: Call[] | undefined;
    child.on('message', (message: { id?: number; result?: unknown; error?: string } & Exit) => {
      if ((message as { type?: string }).type === 'exit') {
        exitCalls = message.calls;
        return;
      }
      const waiter = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id!);
      if (message.error) waiter.reject(new Error(message.error));
      else waiter.resolve(message.result);
    });
    this.exited = new Promise((resolveExit) => {
      child.on('exit', (code) => {
        for (const waiter of this.pending.values()) waiter.reject(new Error('the app exited'));
        this.pending.clear();
        resolveExit({ code, calls: exitCalls ?? this.lastCalls });
      });
    });
  }

  static async boot(options: BootOptions = {}): Promise<BootedApp> {
    const main = options.main ?? MAIN_BUNDLE;
    if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\`.`);
    const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'desk-boot-')));
    const env: Record<string, string> = {
      PATH: process.env['PATH'] ?? '',
      HOME: join(dir, 'home'),
      ...(process.env['DBUS_SESSION_BUS_ADDRESS']
        ? { DBUS_SESSION_BUS_ADDRESS: process.env['DBUS_SESSION_BUS_ADDRESS'] }
        : {}),
      STANDIN_DIR: dir,
      ...(options.packaged ? { STANDIN_PACKAGED: '1' } : {}),
      ...(options.lockTaken ? { STANDIN_LOCK: 'taken' } : {}),
      ...(options.dialogAnswer !== undefined
        ? { STANDIN_DIALOG: String(options.dialogAnswer) }
        : {}),
      ...(options.displays ? { STANDIN_DISPLAYS: JSON.stringify(options.displays) } : {}),
      ...(options.resources ? { STANDIN_RESOURCES: options.resources } : {}),
      ...options.env,
    };
    const child = fork(main, [], {
      execArgv: ['--require', REGISTER],
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    return new BootedApp(child, dir);
  }

  get log(): string {
    return this.output;
  }

  send<T = unknown>(message: Record<string, unknown>): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolvePromise, reject) => {
      this.pending.set(id, { resolve: resolvePromise as (value: unknown) => void, reject });
      this.child.send({ id, ...message });
    });
  }

  async calls(): Promise<Call[]> {
    this.lastCalls = await this.send<Call[]>({ cmd: 'calls' });
    return this.lastCalls;
  }

  /** Polls the call list until `predicate` holds (or fails after `timeoutMs`). */
  async waitFor(predicate: (calls: Call[]) => boolean, timeoutMs = 15_000): Promise<Call[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const calls = await this.calls();
      if (predicate(calls)) return calls;
      if (Date.now() > deadline) {
        throw new Error(
          `timed out; calls: ${calls.map((c) => c.what).join(', ')}\noutput:\n${this.output}`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Calls a channel as the page at `senderUrl` would (the preload's ipcRenderer.invoke). */
  invoke<T = unknown>(
    channel: string,
    input?: unknown,
    senderUrl = 'app://desk/index.html',
  ): Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }> {
    return this.send({ cmd: 'invoke', channel, input, senderUrl });
  }

  /** Waits until the page-facing handlers answer (the core has started). */
  async ready(): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const answer = await this.invoke('app.info');
      if (answer.ok) return;
      if (Date.now() > deadline) throw new Error(`the core did not start:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  fetch(url: string, method = 'GET') {
    return this.send<{ status: number; headers: Record<string, string>; body: string }>({
      cmd: 'fetch',
      url,
      method,
    });
  }

  /** Every module file the app has loaded (its require cache). */
  modules() {
    return this.send<string[]>({ cmd: 'modules' });
  }

  windows() {
    return this.send<
      {
        id: number;
        visible: boolean;
        maximized: boolean;
        bounds: { x: number; y: number; width: number; height: number };
        sent: unknown[][];
      }[]
    >({ cmd: 'windows' });
  }

  /** Emits an event on a stand-in object; `withEvent`: an Electron event object comes first. */
  emit(
    target: 'app' | 'powerMonitor' | 'window' | 'webContents' | 'notification' | 'tray',
    event: string,
    args?: unknown[],
    withEvent = false,
  ) {
    return this.send({ cmd: 'emit', target, event, args, withEvent });
  }

  /** How many tray icons are alive. */
  trays() {
    return this.send<number>({ cmd: 'trays' });
  }

  click(id: string) {
    return this.send<{ clicked: boolean }>({ cmd: 'click', menuId: id });
  }

  async quit(): Promise<Exit> {
    await this.send({ cmd: 'quit' }).catch(() => undefined);
    return this.exited;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

export const callsNamed = (calls: Call[], what: string) => calls.filter((c) => c.what === what);

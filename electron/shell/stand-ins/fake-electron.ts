/**
 * Stand-in for the parts of the 'electron' module that main.ts, window.ts
 * and ipc-bridge.ts use, recording what the shell asks of Electron so
 * main.test.ts (and a benchmark) can boot main.ts without an Electron binary.
 * A stand-in, not a test helper: benchmarks may import it (see the layers in
 * scripts/lint/layers.mjs).
 */
import { EventEmitter } from 'node:events';

type Handler = (event: unknown, payload: unknown) => unknown;

export interface FakeFrame {
  url: string;
  processId: number;
  routingId: number;
  parent: FakeFrame | null;
}

export class FakeWebContents extends EventEmitter {
  readonly mainFrame: FakeFrame = { url: '', processId: 7, routingId: 1, parent: null };
  readonly sent: Array<[string, unknown]> = [];
  /** Every print asked of this page, with the options Electron would get. */
  readonly printed: unknown[] = [];
  /** What the next print's callback reports (a cashier closing the dialog: [false, 'cancelled']). */
  printOutcome: [boolean, string] = [true, ''];
  print(options: unknown, callback?: (success: boolean, failureReason: string) => void): void {
    this.printed.push(options);
    callback?.(...this.printOutcome);
  }
  async printToPDF(options: unknown): Promise<Buffer> {
    this.printed.push(options);
    return Buffer.from('%PDF-1.4\n%stand-in\n');
  }
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload]);
  }
  /** Emits a navigation-style event and reports whether a listener vetoed it. */
  tryNavigate(kind: string, url: string): boolean {
    let prevented = false;
    this.emit(kind, { url, preventDefault: () => (prevented = true) });
    return !prevented;
  }
}

export function createFakeElectron() {
  const calls: string[] = [];
  const ipcHandlers = new Map<string, Handler>();
  const paths = new Map<string, string>([['userData', '/nonexistent/default-user-data']]);
  const windows: FakeBrowserWindow[] = [];
  const opened: string[] = [];
  const errors: Array<[string, string]> = [];
  const messageBoxes: Array<{ title: string; detail: string }> = [];
  /** Every save dialog shown (its options), and what the next one answers: a path, or null (cancelled). */
  const saveDialogs: Array<{ defaultPath?: string }> = [];
  const saveAnswer: { path: string | null } = { path: null };
  /** Every application menu set, newest last, as the template it was built from. */
  const menus: unknown[][] = [];
  const permissionHandlers: Record<string, (...args: unknown[]) => unknown> = {};
  let protocolHandler: ((request: Request) => Promise<Response>) | null = null;
  let exitCode: number | null = null;
  let quitted = false;
  let ready = false;

  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    enableSandbox: () => void calls.push('enableSandbox'),
    setAppUserModelId: () => undefined,
    setPath: (name: string, value: string) => void paths.set(name, value),
    getPath: (name: string) => paths.get(name) ?? `/nonexistent/${name}`,
    getVersion: () => '0.1.0',
    getLocale: () => 'en-US',
    requestSingleInstanceLock: () => true,
    isReady: () => ready,
    whenReady: async () => {
      ready = true;
      calls.push('ready');
    },
    exit: (code: number) => {
      exitCode = code;
    },
    quit: () => {
      let prevented = false;
      app.emit('before-quit', { preventDefault: () => (prevented = true) });
      if (!prevented) quitted = true;
    },
  });

  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    loadedUrl: string | null = null;
    constructor(readonly options: Record<string, unknown>) {
      super();
      windows.push(this);
      app.emit('web-contents-created', {}, this.webContents);
    }
    kiosk = false;
    fullScreen = false;
    isDestroyed = () => false;
    isMinimized = () => false;
    isMaximized = () => false;
    maximize = () => undefined;
    setKiosk = (on: boolean) => void (this.kiosk = on);
    setFullScreen = (on: boolean) => void (this.fullScreen = on);
    getNormalBounds = () => ({ x: Number(this.options.x), y: Number(this.options.y), width: Number(this.options.width), height: Number(this.options.height) });
    restore = () => undefined;
    show = () => undefined;
    focus = () => undefined;
    async loadURL(url: string): Promise<void> {
      calls.push(`loadURL ${url}`);
      this.loadedUrl = url;
      this.webContents.mainFrame.url = url;
    }
  }

  const session = {
    defaultSession: {
      setPermissionRequestHandler: (h: (...args: unknown[]) => unknown) => void (permissionHandlers.request = h),
      setPermissionCheckHandler: (h: (...args: unknown[]) => unknown) => void (permissionHandlers.check = h),
      setDevicePermissionHandler: (h: (...args: unknown[]) => unknown) => void (permissionHandlers.device = h),
      setSpellCheckerEnabled: (on: boolean) => void calls.push(`spellchecker ${on}`),
    },
  };

  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    session,
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) => void calls.push(`registerSchemesAsPrivileged ${JSON.stringify(schemes)}`),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => {
        calls.push(`protocol.handle ${scheme}`);
        protocolHandler = handler;
      },
    },
    ipcMain: {
      handle: (channel: string, handler: Handler) => {
        calls.push(`ipcMain.handle ${channel}`);
        ipcHandlers.set(channel, handler);
      },
      removeHandler: (channel: string) => void ipcHandlers.delete(channel),
    },
    dialog: {
      showErrorBox: (title: string, message: string) => void errors.push([title, message]),
      showMessageBox: async (_win: unknown, box: { title: string; detail: string }) => {
        messageBoxes.push(box);
        return { response: 0 };
      },
      showSaveDialog: async (...args: unknown[]) => {
        saveDialogs.push(args.at(-1) as { defaultPath?: string });
        return saveAnswer.path === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: saveAnswer.path };
      },
    },
    Menu: {
      buildFromTemplate: (template: unknown[]) => ({ template }),
      setApplicationMenu: (menu: { template: unknown[] }) => void menus.push(menu.template),
    },
    screen: {
      getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }),
      getAllDisplays: () => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
    },
    shell: { openExternal: async (url: string) => void opened.push(url) },
    // A Linux till without a keyring: only the obfuscating fallback, so secrets stay in memory and the register key in an owner-only file.
    safeStorage: {
      getSelectedStorageBackend: () => 'basic_text',
      isAsyncEncryptionAvailable: async () => true,
      encryptStringAsync: async (plain: string) => Buffer.from(plain, 'utf8'),
      decryptStringAsync: async (data: Buffer) => ({ result: data.toString('utf8'), shouldReEncrypt: false }),
    },
  };

  return {
    electron,
    calls,
    ipcHandlers,
    windows,
    opened,
    errors,
    messageBoxes,
    saveDialogs,
    saveAnswer,
    menus,
    permissionHandlers,
    get protocolHandler() {
      return protocolHandler;
    },
    get exitCode() {
      return exitCode;
    },
    get quitted() {
      return quitted;
    },
  };
}

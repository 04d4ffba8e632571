/**
 * Where the manager saves a file the main process writes (the journal archive): the system's
 * save dialog over the counter window, opening in the user's documents folder with the name the
 * core suggests. The file itself never passes through the renderer.
 */
import path from 'node:path';
import type { BrowserWindow, Dialog } from 'electron';
import type { ChooseSavePath } from '../core/handlers/journal-keys.js';

export function saveDialogChooser(dialog: Pick<Dialog, 'showSaveDialog'>, window: () => BrowserWindow | null, documents: () => string): ChooseSavePath {
  return async (suggestedName) => {
    const options = { defaultPath: path.join(documents(), suggestedName), properties: ['createDirectory', 'showOverwriteConfirmation'] as const };
    const win = window();
    const chosen = win && !win.isDestroyed()
      ? await dialog.showSaveDialog(win, { ...options, properties: [...options.properties] })
      : await dialog.showSaveDialog({ ...options, properties: [...options.properties] });
    return chosen.canceled || !chosen.filePath ? null : chosen.filePath;
  };
}

/**
 * Prints the receipt the counter window shows with Electron's own printing: the
 * page's print style leaves only the receipt, laid out for the paper in Settings;
 * a named printer prints without the dialog, otherwise the system's dialog asks.
 */
import type { BrowserWindow, WebContentsPrintOptions } from 'electron';
import { PAPER_WIDTH_MM } from '../../shared/domain/receipt.js';
import type { PrintJob, ReceiptPrinter } from '../receipts/receipt-service.js';

/** Microns, as Electron's pageSize wants them; a roll's page is exactly as long as the receipt. */
export function printOptions(job: PrintJob): WebContentsPrintOptions {
  const roll = job.paper !== 'a4';
  return {
    silent: job.silent,
    printBackground: false,
    ...(job.printer ? { deviceName: job.printer } : {}),
    margins: { marginType: roll ? 'none' : 'default' },
    pageSize: roll ? { width: PAPER_WIDTH_MM[job.paper] * 1000, height: job.heightMm * 1000 } : 'A4',
  };
}

export function windowPrinter(window: () => BrowserWindow | null): ReceiptPrinter {
  return (job) => new Promise<void>((resolve, reject) => {
    const win = window();
    if (!win || win.isDestroyed()) {
      reject(new Error('the counter window is closed'));
      return;
    }
    win.webContents.print(printOptions(job), (success, failureReason) => {
      // A cashier who closes the print dialog chose not to print: nothing went wrong.
      if (success || failureReason === 'cancelled') resolve();
      else reject(new Error(`printing failed: ${failureReason}`));
    });
  });
}

import type { Rule } from 'eslint';

export interface Layer {
  name: string;
  /** Root-relative folder globs; a file belongs to the first layer naming it. */
  files: string[];
  except?: string[];
  /** The layers it may import besides its own; '*' for every one. */
  imports: string[];
  /** Whether it may use Node's built-in modules. */
  node: boolean;
  /** Which guarded packages (electron, pg, undici) it may import. */
  packages?: string[];
  /** What the layer is: said in every refusal. */
  why: string;
}
export type ImportTarget = { kind: 'file' | 'node' | 'package'; path: string };
export function globToRegExp(glob: string): RegExp;
export function classifyImport(source: string, fromFile: string, root: string): ImportTarget;
export function layerOf(file: string, layers: readonly Layer[]): Layer | null;
export function importRefusal(layer: Layer, target: ImportTarget, layers: readonly Layer[], guarded: readonly string[]): string | null;
export const processBoundaries: Rule.RuleModule;
declare const plugin: { rules: Record<string, Rule.RuleModule> };
export default plugin;

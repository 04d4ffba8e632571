import type { Rule } from 'eslint';

export interface Boundary {
  files: string[];
  except?: string[];
  forbid: string[];
  allow?: string[];
  message: string;
}
export function globToRegExp(glob: string): RegExp;
export function classifyImport(source: string, fromFile: string, root: string): { kind: 'file' | 'node' | 'package'; path: string };
export const processBoundaries: Rule.RuleModule;
declare const plugin: { rules: Record<string, Rule.RuleModule> };
export default plugin;

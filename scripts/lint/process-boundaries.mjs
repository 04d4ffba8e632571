// ESLint rule `counterpay/process-boundaries`: the folder a file lives in says which
// process runs it, and this rule fails any import that crosses a forbidden line
// (in the spirit of VS Code's layering lint). Each boundary in the config names the
// files it governs and what they may not import:
//   { files: ['renderer/**'], except: ['**/*.test.ts'], forbid: ['node', 'electron/**'], allow: [], message }
// A forbid entry is a folder glob relative to the project root (relative imports are
// resolved first), 'node' for Node's built-in modules, or an npm package name; `allow`
// carves project folders back out of a forbidden glob (a process's own folder).
// Type-only imports are checked too: a type from the wrong process is a design leak.
import { builtinModules } from 'node:module';
import path from 'node:path';

const BUILTINS = new Set(builtinModules);

/** Minimal glob: `**` any depth, `*` within one segment. Enough for folder rules. */
export function globToRegExp(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else re += /[.+?^${}()|[\]\\]/.test(c) ? `\\${c}` : c;
  }
  return new RegExp(`^${re}$`);
}

const matchesAny = (globs, p) => globs.some((g) => globToRegExp(g).test(p));

/** What an import names: a project file (root-relative, posix), a Node built-in, or a package. */
export function classifyImport(source, fromFile, root) {
  if (source.startsWith('.') || path.isAbsolute(source)) {
    const abs = path.resolve(path.dirname(fromFile), source);
    return { kind: 'file', path: path.relative(root, abs).split(path.sep).join('/') };
  }
  const bare = source.startsWith('node:') ? source.slice(5) : source;
  if (source.startsWith('node:') || BUILTINS.has(bare.split('/')[0])) return { kind: 'node', path: source };
  const pkg = source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0];
  return { kind: 'package', path: pkg };
}

function forbidden(target, forbid) {
  return forbid.find((f) => {
    if (f === 'node') return target.kind === 'node';
    if (target.kind === 'file') return f.includes('/') || f.includes('*') ? globToRegExp(f).test(target.path) : false;
    return target.kind === 'package' && target.path === f;
  });
}

export const processBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports may not cross the process boundaries the folders draw' },
    schema: [{ type: 'object', properties: { root: { type: 'string' }, boundaries: { type: 'array' } }, required: ['boundaries'], additionalProperties: false }],
    messages: { crossed: '{{file}} may not import "{{source}}": {{message}}' },
  },
  create(context) {
    const { boundaries, root = context.cwd } = context.options[0];
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const active = boundaries.filter((b) => matchesAny(b.files, file) && !matchesAny(b.except ?? [], file));
    if (active.length === 0) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = classifyImport(node.source.value, context.filename, root);
      for (const b of active) {
        if (forbidden(target, b.forbid) && !(target.kind === 'file' && matchesAny(b.allow ?? [], target.path))) {
          context.report({ node: node.source, messageId: 'crossed', data: { file, source: node.source.value, message: b.message } });
          return;
        }
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'process-boundaries': processBoundaries } };

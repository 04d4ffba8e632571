// ESLint rule `counterpay/process-boundaries`: the folder a file lives in says which layer
// (and so which process) it belongs to, and the layer says what it may import. It is an
// allow-list (in the spirit of VS Code's layering lint): the layers are listed in
// scripts/lint/layers.mjs, a file belongs to the first layer naming it, and
//   - a file no layer names fails as "unclassified";
//   - an import of a project file is allowed only into the file's own layer or one it lists
//     (a file no layer names is never a target either);
//   - Node's built-ins only where `node` is true; a guarded package (electron, pg, undici)
//     only where `packages` names it. Other npm packages are free.
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

/**
 * The layer a root-relative path belongs to, or null (unclassified). An import names the
 * compiled `.js`; the source may be `.ts`/`.tsx`, so those are tried too.
 */
export function layerOf(file, layers) {
  const candidates = /\.js$/.test(file) ? [file.replace(/\.js$/, '.ts'), file.replace(/\.js$/, '.tsx'), file] : [file];
  for (const f of candidates) {
    const layer = layers.find((l) => matchesAny(l.files, f) && !matchesAny(l.except ?? [], f));
    if (layer) return layer;
  }
  return null;
}

/** Why `layer` may not import `target`, or null when it may. */
export function importRefusal(layer, target, layers, guarded) {
  if (target.kind === 'node') return layer.node ? null : `the ${layer.name} layer may not use Node's built-in modules`;
  if (target.kind === 'package') {
    return guarded.includes(target.path) && !(layer.packages ?? []).includes(target.path)
      ? `only ${layers.filter((l) => (l.packages ?? []).includes(target.path)).map((l) => l.name).join(', ')} may import '${target.path}'`
      : null;
  }
  const to = layerOf(target.path, layers);
  if (!to) return `${target.path} belongs to no layer`;
  if (to === layer || layer.imports.includes('*') || layer.imports.includes(to.name)) return null;
  return `the ${layer.name} layer may not import the ${to.name} layer (${layer.why})`;
}

export const processBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Every file belongs to a layer, and imports only what its layer allows' },
    schema: [{
      type: 'object',
      properties: { root: { type: 'string' }, layers: { type: 'array' }, guarded: { type: 'array', items: { type: 'string' } } },
      required: ['layers'], additionalProperties: false,
    }],
    messages: {
      crossed: '{{file}} may not import "{{source}}": {{message}}',
      unclassified: '{{file}} is in a folder no layer names (unclassified): add it to a layer in scripts/lint/layers.mjs',
    },
  },
  create(context) {
    const { layers, guarded = [], root = context.cwd } = context.options[0];
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const layer = layerOf(file, layers);
    if (!layer) {
      return { Program: (node) => context.report({ node, messageId: 'unclassified', data: { file } }) };
    }
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const message = importRefusal(layer, classifyImport(node.source.value, context.filename, root), layers, guarded);
      if (message) context.report({ node: node.source, messageId: 'crossed', data: { file, source: node.source.value, message } });
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

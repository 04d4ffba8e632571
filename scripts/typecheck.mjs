// `npm run typecheck`: every process's tsconfig, checked in one Node process.
// One tsconfig per process keeps DOM types where there is a DOM and Node types
// where there is Node; checking them one by one with `tsc -p` would parse the
// same libraries and @types six times, so the parsed files are shared here.
import ts from 'typescript';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CONFIGS = [
  'tsconfig.json',
  'renderer/tsconfig.json',
  'renderer/tsconfig.test.json',
  'electron/preload/tsconfig.json',
  'harness/browser/tsconfig.json',
  'e2e/tsconfig.json',
];

const parsed = new Map();
const format = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
let errors = 0;
const started = Date.now();
for (const name of CONFIGS) {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, name), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.formatDiagnostic(d, format)); } });
  if (!config) throw new Error(`cannot read ${name}`);
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const key = `${fileName}|${typeof languageVersion === 'object' ? JSON.stringify(languageVersion) : languageVersion}`;
    if (!parsed.has(key)) parsed.set(key, getSourceFile(fileName, languageVersion, onError, shouldCreate));
    return parsed.get(key);
  };
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host, configFileParsingDiagnostics: config.errors });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  errors += diagnostics.length;
  if (diagnostics.length > 0) process.stderr.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, format));
  console.info(`typecheck ${name}: ${config.fileNames.length} files, ${diagnostics.length} errors`);
}
console.info(`typecheck: ${CONFIGS.length} configs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(errors === 0 ? 0 : 1);

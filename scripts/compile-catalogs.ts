/**
 * Prints every language's compiled catalog (the pseudo-locale included) as one
 * JSON object. The build's Vite plugin runs this in a fresh process each build,
 * so `npm run dev` picks up an edited message: a process keeps a module once
 * it has imported it, and the catalogs are TypeScript modules.
 */
import { compileCatalog } from '../shared/i18n/compile.js';
import { LANGUAGES, PSEUDO_LANGUAGE, type DisplayLanguage } from '../shared/i18n/languages.js';

const languages: DisplayLanguage[] = [...LANGUAGES, PSEUDO_LANGUAGE];
const all = Object.fromEntries(languages.map((language) => [language, compileCatalog(language)]));
process.stdout.write(JSON.stringify(all));

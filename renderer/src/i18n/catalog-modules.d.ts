/** The per-language catalogs the build compiles (scripts/vite-catalogs.ts), as the renderer imports them. */
declare module 'virtual:counterpay-catalog/*' {
  const catalog: import('../../../shared/i18n/compile.js').CompiledCatalog;
  export default catalog;
}

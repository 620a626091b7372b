/**
 * The desk's query factories, loaded with the desk rather than with the app's start-up.
 *
 * A desk route's search module (its URL schema and the list it loads) is imported by the route
 * tree, which every device runs, the PDA's included. Were it to import its query factories
 * statically, their contract entries and zod would join the start-up every device keeps, and a
 * PDA would download desk code (issue 40's precache budget). So a search module names its
 * factories with `deskQueries(() => import(...))`, and the `_desk` layout's `beforeLoad` loads
 * them all (`loadDeskQueries`) before any desk page's loader or screen runs.
 */
const loads: (() => Promise<void>)[] = [];
let loaded: Promise<void> | undefined;

export function deskQueries<M>(load: () => Promise<M>): () => M {
  let module: M | undefined;
  const start = () =>
    load().then((m) => {
      module = m;
    });
  loads.push(start);
  if (loaded) loaded = loaded.then(start);
  return () => {
    if (module === undefined) throw new Error('The desk’s queries load in the _desk route’s beforeLoad');
    return module;
  };
}

/** Loads every desk query module named so far (once; later calls wait for the same load). */
export function loadDeskQueries(): Promise<void> {
  loaded ??= Promise.all(loads.map((start) => start())).then(() => undefined);
  return loaded;
}

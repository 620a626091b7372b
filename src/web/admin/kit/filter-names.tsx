import { createContext, type ReactNode, useContext } from 'react';

/**
 * The names of the fields inside a section of a filter form (its "More filters"), so the form can
 * tell how many of them are in use while the section is closed. Each field of filter-fields.tsx
 * names itself here as it renders.
 */
const Names = createContext<Set<string> | null>(null);

export function FilterNames({ names, children }: { names: Set<string>; children: ReactNode }) {
  return <Names.Provider value={names}>{children}</Names.Provider>;
}

/** Names a field (or the fields of a range: its `range` stands for startTime and endTime). */
export function useFilterName(name: string): void {
  useContext(Names)?.add(name);
}

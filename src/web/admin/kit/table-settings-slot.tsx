import { createContext, type ReactNode, useContext } from 'react';

/**
 * The density and column settings of the table a toolbar stands over: a kit table hands them to its
 * toolbar, which shows them at its end (the place people look for them), beside its file actions.
 */
const Slot = createContext<ReactNode>(null);

export function TableSettingsProvider({ settings, children }: { settings: ReactNode; children: ReactNode }) {
  return <Slot.Provider value={settings}>{children}</Slot.Provider>;
}

/** The settings of the table this toolbar belongs to (nothing outside a kit table). */
export function TableSettingsSlot() {
  return <>{useContext(Slot)}</>;
}

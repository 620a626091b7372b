/** The spec's enumerations (section 3), stored and sent as strings of digits where the spec says so. */

export const AccountType = { admin: 1, main: 2, sub: 3, pda: 4 } as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];
export const ACCOUNT_TYPES = [1, 2, 3, 4] as const;

export const MenuType = { level1: 1, level2: 2, button: 3 } as const;
export type MenuType = (typeof MenuType)[keyof typeof MenuType];

export const Enabled = { enabled: 1, disabled: 2 } as const;

export const CheckStatus = { all: '-1', pending: '0', checked: '3' } as const;
export const Packaging = { envelope: '1', packBag: '2', own: '3' } as const;
export const YesNo = { no: '0', yes: '1' } as const;
export const Handling = { all: '-1', pending: '0', handled: '1' } as const;
export const ClearanceStatus = {
  all: '-1',
  new: '0',
  voided: '1',
  revisionComplete: '2',
  clearanceComplete: '3',
  settled: '4',
} as const;
export const TimeBasis = { create: 'create', arrival: 'arrival' } as const;
export const Payment = { all: '2', cod: '1', pp: '0' } as const;
export const RegionLevel = { country: '0', province: '1', city: '2', state: '3' } as const;
export const PickupStatus = { notPickedUp: '1', pickedUp: '2', cancelled: '3' } as const;
export const ExchangeStatus = { notExchanged: '0', exchanged: '1' } as const;
export const LadingType = { clearance: '1', local: '2' } as const;
export const Department = {
  none: '0',
  finance: '1',
  customerService: '2',
  warehouse: '3',
  business: '4',
  accountManager: '5',
} as const;

export const LOCALES = ['cn', 'en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'cn';

export function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
}

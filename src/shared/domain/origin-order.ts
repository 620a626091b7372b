/**
 * Origin (foreign) orders: orders that arrive from the marketplaces our customers sell on, with the
 * raw addresses as the platform sent them, until an operator confirms the addresses and uploads
 * (pushes) them into regular orders. The enumerations are stored as small integers.
 */

/** The platforms an origin order may come from (codes as stored; brand names are not translated). */
export const ORIGIN_PLATFORMS = ['AMAZON', 'NOON', 'SALLA', 'ZID', 'SHOPIFY', 'OTHER'] as const;
export type OriginPlatform = (typeof ORIGIN_PLATFORMS)[number];

export const PLATFORM_NAMES: Record<OriginPlatform, string> = {
  AMAZON: 'Amazon',
  NOON: 'noon',
  SALLA: 'Salla',
  ZID: 'Zid',
  SHOPIFY: 'Shopify',
  OTHER: 'Other',
};

/** Whether an address (receiver or sender) was checked and matched to our regions: 0 no, 1 yes. */
export const ConfirmState = { unconfirmed: 0, confirmed: 1 } as const;
export const CONFIRM_STATES = [0, 1] as const;

/** Upload (push into a regular order): 0 not uploaded, 1 uploaded, 2 the last attempt failed. */
export const UploadState = { notUploaded: 0, uploaded: 1, failed: 2 } as const;
export const UPLOAD_STATES = [0, 1, 2] as const;

/** Result of one push attempt. */
export const PushResult = { success: 1, failed: 2 } as const;
export const PUSH_RESULTS = [1, 2] as const;

/** How the origin order came in: 1 from the platform (file or feed), 2 entered by hand. */
export const OriginSource = { platform: 1, manual: 2 } as const;

/**
 * Orders to Saudi Arabia are reported to its postal regulator (CITC) once they exist as regular
 * orders: 0 waiting to be reported, 1 reported (accepted), 2 rejected by the regulator.
 */
export const CitcStatus = { pending: 0, reported: 1, rejected: 2 } as const;
export const CITC_STATUSES = [0, 1, 2] as const;
/** The destination countries (region codes) whose orders are reported to the CITC. */
export const CITC_COUNTRIES: readonly string[] = ['SA'];

/** Payment methods the extra information names. */
export const PAYMENT_METHODS = ['COD', 'PREPAID', 'CARD', 'WALLET', 'BANK'] as const;

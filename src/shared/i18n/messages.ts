/**
 * Messages the server sends in `msg` and the shared rules report. Each is a Lingui message
 * descriptor with an explicit id, marked for extraction, so they live in the same cn/en/ar
 * catalogs as the web app's strings; the server translates them by the `local-lang` header.
 */
export interface MessageDescriptor {
  id: string;
  message: string;
}

export const messages = {
  ok: /*i18n*/ { id: 'api.ok', message: 'Success' },
  sessionInvalid: /*i18n*/ {
    id: 'api.sessionInvalid',
    message: 'Your session has ended, please log in again',
  },
  forbidden: /*i18n*/ { id: 'api.forbidden', message: 'You do not have permission to do this' },
  badEncoding: /*i18n*/ {
    id: 'api.badEncoding',
    message: 'The request body could not be read with the Content-Encoding it names',
  },
  unsupportedEncoding: /*i18n*/ {
    id: 'api.unsupportedEncoding',
    message: 'This Content-Encoding is not supported: send the body as gzip, deflate, br or uncompressed',
  },
  jsonTooDeep: /*i18n*/ {
    id: 'api.jsonTooDeep',
    message: 'The request nests objects or lists more than {max} levels deep',
  },
  uploadBroken: /*i18n*/ {
    id: 'api.uploadBroken',
    message: 'The upload was cut short or is not a valid multipart form: please send the file again',
  },
  cannotGrantMore: /*i18n*/ {
    id: 'api.cannotGrantMore',
    message:
      'You can only give rights you hold yourself, and only to accounts, roles and menus within your own rights',
  },
  notFound: /*i18n*/ { id: 'api.notFound', message: 'The record does not exist' },
  routeNotFound: /*i18n*/ { id: 'api.routeNotFound', message: 'No such call' },
  validation: /*i18n*/ { id: 'api.validation', message: 'Some fields are not valid: {fields}' },
  tooLarge: /*i18n*/ { id: 'api.tooLarge', message: 'The request is too large' },
  tooManyRequests: /*i18n*/ {
    id: 'api.tooManyRequests',
    message: 'Too many requests, please try again later',
  },
  unknownError: /*i18n*/ {
    id: 'api.unknownError',
    message: 'Unknown error please contact the administrator',
  },
  badJson: /*i18n*/ { id: 'api.badJson', message: 'The request body is not valid JSON' },
  unstorableText: /*i18n*/ {
    id: 'api.unstorableText',
    message: 'This text holds a character that cannot be saved (a null or broken character)',
  },
  timeOutOfRange: /*i18n*/ {
    id: 'api.timeOutOfRange',
    message: 'Enter a time between the years 1900 and 9999',
  },
  unsupportedMedia: /*i18n*/ { id: 'api.unsupportedMedia', message: 'Unsupported content type' },
  idempotencyMismatch: /*i18n*/ {
    id: 'api.idempotencyMismatch',
    message: 'This request key was already used for a different request',
  },
  idempotencyInFlight: /*i18n*/ {
    id: 'api.idempotencyInFlight',
    message: 'The same request is still being processed',
  },
  idempotencyKeyInvalid: /*i18n*/ {
    id: 'api.idempotencyKeyInvalid',
    message: 'The Idempotency-Key header must be a UUID',
  },
  loginFailed: /*i18n*/ { id: 'auth.loginFailed', message: 'Wrong username or password' },
  loginDelayed: /*i18n*/ {
    id: 'auth.loginDelayed',
    message: 'Too many failed logins for this account: please try again in {seconds} seconds',
  },
  loginThrottled: /*i18n*/ {
    id: 'auth.loginThrottled',
    message: 'Too many failed login attempts, please try again in 15 minutes',
  },
  refreshInvalid: /*i18n*/ { id: 'auth.refreshInvalid', message: 'Please log in again' },
  oldPasswordRequired: /*i18n*/ {
    id: 'password.oldRequired',
    message: 'The old password cannot not empty!',
  },
  newPasswordRequired: /*i18n*/ {
    id: 'password.newRequired',
    message: 'The new password cannot not empty!',
  },
  newPasswordTooShort: /*i18n*/ {
    id: 'password.tooShort',
    message: 'The new password is at least 6 digits',
  },
  repeatPasswordRequired: /*i18n*/ {
    id: 'password.repeatRequired',
    message: 'Repeat password cannot be empty',
  },
  passwordMismatch: /*i18n*/ { id: 'password.mismatch', message: 'Please enter the same password' },
  oldPasswordWrong: /*i18n*/ { id: 'password.oldWrong', message: 'The old password is not correct' },
  usernameTaken: /*i18n*/ { id: 'user.usernameTaken', message: 'This username is already taken' },
  customerRequired: /*i18n*/ {
    id: 'user.customerRequired',
    message: 'Main accounts and sub-accounts must belong to a customer',
  },
  passwordRequiredOnCreate: /*i18n*/ {
    id: 'user.passwordRequired',
    message: 'A password is required for a new account',
  },
  cannotDisableSelf: /*i18n*/ {
    id: 'user.cannotDisableSelf',
    message: 'You cannot disable your own account',
  },
  roleInUse: /*i18n*/ { id: 'role.inUse', message: 'This role is still held by accounts' },
  roleNameTaken: /*i18n*/ { id: 'role.nameTaken', message: 'A role with this name already exists' },
  menuHasChildren: /*i18n*/ {
    id: 'menu.hasChildren',
    message: 'Delete the entries under this menu first',
  },
  menuParentInvalid: /*i18n*/ {
    id: 'menu.parentInvalid',
    message: 'The parent menu does not exist or would create a loop',
  },
} satisfies Record<string, MessageDescriptor>;

export type MessageKey = keyof typeof messages;

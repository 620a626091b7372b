/** Minimum new password length (spec 9). */
export const MIN_PASSWORD_LENGTH = 6;
/** Upper bound so hashing cost stays bounded. */
export const MAX_PASSWORD_LENGTH = 128;

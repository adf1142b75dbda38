/**
 * Messages the server answers and the web shows. Those the spec fixes are copied exactly;
 * the others are ours, written in the same voice.
 */
export const messages = {
  required: 'This field is required.',
  usernameInvalid:
    'Username must be 3 to 30 letters, numbers, underscores or hyphens, and not only numbers.',
  usernameTaken: 'A user with that username already exists.',
  emailInvalid: 'Please enter a valid email address',
  emailDisposable: 'Disposable email addresses are not allowed.',
  passwordTooShort: 'Password must be at least 12 characters long',
  passwordTooLong: 'Password must be at most 256 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidCredentials: 'No active account found with the given credentials',
  invalidRefreshToken: 'Token is invalid or expired',
  verifyEmailSuccess: 'Your email address has been verified.',
  verifyEmailInvalid: 'This verification link is invalid or has expired.',
  passwordResetSent: 'If an account exists for that email, a password reset link has been sent.',
  passwordResetInvalid: 'This reset link is invalid or has expired.',
  passwordResetDone: 'Your password has been reset. You can now sign in.',
  passwordResetFailed: 'Password could not be reset.',
  loggedOut: 'Logged out.',
  authRequired: 'Authentication credentials were not provided.',
  authInvalid: 'Given token not valid for any token type',
} as const;

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
  currentPasswordWrong: 'The current password is not correct.',
  passwordChanged: 'Your password has been changed. Your other devices have been signed out.',
  sessionNotFound: 'No such session is signed in.',
  otherSessionsEnded: 'Signed out everywhere else.',
  sessionEnded: 'Signed out on that device.',
  passwordWrong: 'The password is not correct.',
  userNotFound: 'User not found',
  cannotSuspendSelf: 'You cannot suspend your own account.',
  cannotSuspendAdmin: 'Admins cannot be suspended. Remove the admin role first.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  userSuspended: 'The account is suspended and signed out everywhere.',
  userUnsuspended: 'The suspension is lifted.',
  suspensionReasonRequired: 'Give a reason: the account owner is shown it.',
  accountSuspended: 'This account has been suspended.',
  twoFactorCodeWrong: 'The code is not correct.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotSetUp: 'Start the set-up first: your authenticator app needs a new key.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  twoFactorEnabled: 'Two-factor sign-in is on.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  twoFactorChallengeExpired: 'This sign-in has expired. Please sign in again.',
  twoFactorNeedsVerifiedEmail:
    'Verify your email address first: two-factor sign-in can be turned on only for a verified address. Open the link we mailed you, or ask for a new one.',
  twoFactorResetDone:
    'Two-factor sign-in is off for this account, and it is signed out everywhere.',
  twoFactorNotOnForUser: 'Two-factor sign-in is not on for this account.',
  twoFactorResetSelf: 'Turn off your own two-factor sign-in in Settings.',
  twoFactorResetReasonRequired:
    'Give a reason for the audit log: how you made sure the request comes from the owner.',
  adminNeedsTwoFactor:
    'Turn on two-factor sign-in (Settings, Account) before using the admin pages.',
  authRequired: 'Authentication credentials were not provided.',
  authInvalid: 'Given token not valid for any token type',
} as const;

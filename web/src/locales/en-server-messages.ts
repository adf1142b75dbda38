import { messages, UPLOAD_NEEDS_VERIFIED_EMAIL } from '@zura/contracts';

/**
 * Texts the server answers that no screen has a key for (they come from @zura/contracts), so
 * lib/server-texts.ts can show them in the current language. Their translations live in
 * `<language>-server.json`, beside the translators' main files.
 */
export const serverMessagesText = {
  serverMessages: {
    required: messages.required,
    usernameTaken: messages.usernameTaken,
    passwordTooLong: messages.passwordTooLong,
    invalidCredentials: messages.invalidCredentials,
    invalidRefreshToken: messages.invalidRefreshToken,
    verifyEmailSuccess: messages.verifyEmailSuccess,
    verifyEmailInvalid: messages.verifyEmailInvalid,
    passwordResetSent: messages.passwordResetSent,
    passwordResetInvalid: messages.passwordResetInvalid,
    passwordResetDone: messages.passwordResetDone,
    passwordResetFailed: messages.passwordResetFailed,
    loggedOut: messages.loggedOut,
    currentPasswordWrong: messages.currentPasswordWrong,
    passwordChanged: messages.passwordChanged,
    sessionNotFound: messages.sessionNotFound,
    otherSessionsEnded: messages.otherSessionsEnded,
    sessionEnded: messages.sessionEnded,
    passwordWrong: messages.passwordWrong,
    cannotSuspendSelf: messages.cannotSuspendSelf,
    cannotSuspendAdmin: messages.cannotSuspendAdmin,
    alreadySuspended: messages.alreadySuspended,
    notSuspended: messages.notSuspended,
    userSuspended: messages.userSuspended,
    userUnsuspended: messages.userUnsuspended,
    accountSuspended: messages.accountSuspended,
    twoFactorCodeWrong: messages.twoFactorCodeWrong,
    twoFactorAlreadyOn: messages.twoFactorAlreadyOn,
    twoFactorNotSetUp: messages.twoFactorNotSetUp,
    twoFactorNotOn: messages.twoFactorNotOn,
    twoFactorEnabled: messages.twoFactorEnabled,
    twoFactorDisabled: messages.twoFactorDisabled,
    twoFactorChallengeExpired: messages.twoFactorChallengeExpired,
    twoFactorNeedsVerifiedEmail: messages.twoFactorNeedsVerifiedEmail,
    twoFactorResetDone: messages.twoFactorResetDone,
    twoFactorNotOnForUser: messages.twoFactorNotOnForUser,
    twoFactorResetSelf: messages.twoFactorResetSelf,
    twoFactorResetReasonRequired: messages.twoFactorResetReasonRequired,
    adminNeedsTwoFactor: messages.adminNeedsTwoFactor,
    authRequired: messages.authRequired,
    authInvalid: messages.authInvalid,
    uploadNeedsVerifiedEmail: UPLOAD_NEEDS_VERIFIED_EMAIL,
    // Refusals the web shows by their `code` (lib/error-texts.ts), as the server words them.
    internalError: 'Something went wrong on our side. Please try again.',
    serverBusy: 'The server is busy signing people in. Please try again in a moment.',
    goneMeanwhile: 'Something this request refers to no longer exists.',
  },
};

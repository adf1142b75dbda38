// The auth feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export { AuthLayout } from './components/AuthLayout';
export { ForgotPasswordForm } from './components/ForgotPasswordForm';
export { LoginForm } from './components/LoginForm';
export { ResetPasswordFlow } from './components/ResetPasswordFlow';
export { SignupForm } from './components/SignupForm';
export { VerifyEmailStatus } from './components/VerifyEmailStatus';

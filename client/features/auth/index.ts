/** What other features and the app shell may use from the auth feature (its pages load through the route table). */
export { RequireSignIn } from './require-sign-in';
export { changeEmail, changePassword, resendVerificationEmail, signOutOtherDevices } from './api/identity';

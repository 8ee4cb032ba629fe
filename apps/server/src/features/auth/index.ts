// What other features may use of sign-in: the current user's answer and emailing a sign-in code.
export { sendCode } from './auth.service';
export { presentMe } from './me.presenter';

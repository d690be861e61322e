// Sign-in, the current user and passwords.
import * as z from 'zod/mini';
import type { UserPayload } from '../auth/user.ts';
import { message, text, userPayload } from './answers.ts';
import { answer, defineContract, type Message } from './contract.ts';
import { domain, flag, token, typedLogin } from './fields.ts';
import { currentPassword, newPassword } from './password-fields.ts';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

const tokenAnswer = z.object({ access_token: text, token_type: z.literal('Bearer'), expires_in: z.int() });

export const signIn = defineContract({
  method: 'POST',
  path: '/Services/token',
  input: 'form',
  invalidates: [],
  summary:
    "Signs in with a login and password of the domain's client; answers a token for 12 hours (28 days remembered)",
  request: z.object({
    login: typedLogin,
    password: currentPassword('Password'),
    domain,
    remember: z.optional(flag),
  }),
  response: answer<TokenResponse>(tokenAnswer),
  refusals: [401, 404, 429],
});

export const currentUser = defineContract({
  method: 'GET',
  path: '/Services/user',
  input: 'query',
  summary: 'The signed-in user with their role, client and permissions',
  request: z.object({}),
  response: answer<UserPayload>(userPayload),
});

export const sendPasswordLink = defineContract({
  method: 'POST',
  path: '/Services/send-password-link',
  input: 'form',
  invalidates: [],
  summary: 'Mails a one-hour reset link; answers the same whether or not the login exists',
  request: z.object({ login: typedLogin, domain }),
  response: answer<Message>(message),
  refusals: [404, 429],
});

export const resetPassword = defineContract({
  method: 'POST',
  path: '/Services/reset-password',
  input: 'form',
  invalidates: [],
  summary: 'Sets a new password with the token of a reset link',
  request: z.object({ token: token('The reset token'), newPassword: newPassword('New password') }),
  response: answer<Message>(message),
  refusals: [401, 404, 429],
});

export const setPassword = defineContract({
  method: 'POST',
  path: '/Services/set-password',
  input: 'form',
  invalidates: [],
  summary: "Changes the signed-in user's password; ends the user's other sessions and answers a new token",
  secret: 'input',
  request: z.object({
    oldPassword: currentPassword('Old password'),
    newPassword: newPassword('New password'),
    domain,
  }),
  response: answer<Message & TokenResponse>(z.extend(tokenAnswer, { message: text })),
  refusals: [404, 429],
});

export const authContracts = { signIn, currentUser, sendPasswordLink, resetPassword, setPassword };

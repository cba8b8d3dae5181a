import type { RegisterBody } from '@brushline/shared/auth/schemas';
import type { Me } from '@brushline/shared/users/schemas';
import { api } from '../../../lib/api-client.ts';

export const requestRegistration = (body: RegisterBody) =>
  api<{ email: string }>('register/request', { method: 'POST', body });

export const verifyRegistration = (body: RegisterBody, code: string) =>
  api<Me>('register/verify', { method: 'POST', body, query: { code } });

export const sendResetEmail = (emailOrLogin: string) =>
  api<{ message: string }>('reset/send-email', { method: 'POST', body: { emailOrLogin } });

export const sendResetCode = (resetCode: string, emailOrLogin?: string) =>
  api<{ resetToken: string }>('reset/send-code', { method: 'POST', body: { resetCode, emailOrLogin } });

export const sendNewPassword = (resetToken: string, newPassword: string) =>
  api<{ message: string }>('reset/new-password', { method: 'POST', body: { resetToken, newPassword } });

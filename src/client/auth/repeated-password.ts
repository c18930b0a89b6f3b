/**
 * "Gentag adgangskode": a form that sets a new password asks for it twice. The check lives only in
 * the browser (the server never sees the repeat); forms add it to their shared schema with
 * `.extend(repeatedPassword).refine(...passwordsMatch)`.
 */
import { z } from 'zod';
import { messages } from '@/shared/auth';

export const repeatedPassword = { repeatPassword: z.string() };

export const passwordsMatch: [(values: { password: string; repeatPassword: string }) => boolean, { message: string; path: string[] }] = [
  (values) => values.password === values.repeatPassword,
  { message: messages.passwordsDiffer, path: ['repeatPassword'] },
];

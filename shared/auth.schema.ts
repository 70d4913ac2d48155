import { z } from 'zod';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 50;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  emailNotEditable: "Email cannot be changed as it's linked to your authentication",
} as const;

export const profileNameSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(NAME_MAX, `Must be ${NAME_MAX} characters or less`);

export const emailSchema = z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email'));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be ${PASSWORD_MAX} characters or less`);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** The names an account gives itself, at sign-up and on the profile form. */
const profileNamesSchema = z.object({ firstName: profileNameSchema, lastName: profileNameSchema });

export const signUpSchema = profileNamesSchema.extend({ email: emailSchema, password: passwordSchema });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The profile form: the e-mail is shown but cannot be changed there (AUTH_MESSAGES.emailNotEditable). */
export const profileUpdateSchema = profileNamesSchema.extend({ email: z.string().trim() });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/**
 * Roles (issue 14, decision 021): `admin` manages the team, money and settings and works the queue; `reviewer` works
 * the queue only; everyone else is a `customer`. A suspended reviewer is a customer until reinstated.
 */
export const ROLES = ['customer', 'reviewer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Whether the account works the review queue (a reviewer or an admin): the `staff` access level. */
export function isStaff(user: { role: Role } | null | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'reviewer';
}

/** GET /api/auth/user */
export const currentUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  /** isAdmin stays (the spec's User.isAdmin); role adds the reviewer. */
  role: z.enum(ROLES),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
/** What GET /api/auth/user answers: the account, or null for a visitor without a session cookie. */
export const whoAmISchema = currentUserSchema.nullable();

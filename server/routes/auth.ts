import express, { type Request } from 'express';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  type EmailConfirmationAnswer,
  loginSchema,
  resetPasswordSchema,
  setLocaleSchema,
  consentSchema,
  setRoleSchema,
  signupSchema,
  verifyEmailSchema,
} from '#shared/auth.ts';
import { requireUser } from '../auth/current-user.ts';
import { SESSION_COOKIE, signIn, signOut } from '../auth/session.ts';
import { removeSessions } from '../services/sessions.ts';
import { rateLimit, type RateLimitRule } from '../http/rate-limit.ts';
import { validate } from '../http/validate.ts';
import { chosenLocale, requestLocale } from '../http/locale.ts';
import type { AccountContext } from '../services/account-context.ts';
import { changePassword, requestPasswordReset, resetPassword } from '../services/account-passwords.ts';
import { currentUserView, endOtherSessions, logIn, setLocale, setRole, signUp } from '../services/accounts.ts';
import { confirmEmail, resendVerification } from '../services/email-confirmation.ts';
import { agreeToDocuments } from '../services/consents.ts';

const MINUTE = 60_000;
const emailOf = (req: Request) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
};

// Per address and per e-mail, so neither one machine nor one account can be hammered. Sign-ins count per e-mail
// together with the address they come from: guesses from elsewhere never lock the owner out (docs/decisions/0018).
const limits = {
  loginByIp: { name: 'login-ip', windowMs: 15 * MINUTE, max: 30 },
  loginByEmailAndIp: {
    name: 'login-email-ip',
    windowMs: 15 * MINUTE,
    max: 10,
    key: (req: Request) => {
      const email = emailOf(req);
      return email && `${email}|${req.ip}`;
    },
  },
  signupByIp: { name: 'signup-ip', windowMs: 60 * MINUTE, max: 20 },
  signupByEmail: { name: 'signup-email', windowMs: 60 * MINUTE, max: 5, key: emailOf },
  resetByIp: { name: 'reset-ip', windowMs: 60 * MINUTE, max: 20 },
  resetByEmail: { name: 'reset-email', windowMs: 60 * MINUTE, max: 5, key: emailOf },
  resendByUser: { name: 'verify-resend', windowMs: 60 * MINUTE, max: 5, key: (req: Request) => req.user?.id },
  verifyByIp: { name: 'verify-ip', windowMs: 15 * MINUTE, max: 30 },
  passwordByUser: { name: 'password-change', windowMs: 60 * MINUTE, max: 10, key: (req: Request) => req.user?.id },
} satisfies Record<string, RateLimitRule>;

export function authRouter(ctx: AccountContext, mailer: { kick(): void }) {
  const router = express.Router();
  const { db, clock } = ctx;

  router.post('/signup', validate(signupSchema), rateLimit(db, clock, limits.signupByIp, limits.signupByEmail), async (req, res) => {
    // E-mails go out in the language the visitor reads the product in: the one the page sent, else the one chosen.
    const user = await signUp(ctx, { ...req.body, locale: req.body.locale ?? requestLocale(req) });
    mailer.kick();
    // This browser chose the password: the confirmation link opened here confirms at once.
    await signIn(req, user, clock.now(), { choseThePassword: true });
    res.status(201).json(await currentUserView(db, user, clock.now()));
  });

  router.post('/login', validate(loginSchema), rateLimit(db, clock, limits.loginByIp, limits.loginByEmailAndIp), async (req, res) => {
    let user = await logIn(ctx, req.body);
    // A language chosen on this device just before signing in becomes the account's.
    const chosen = chosenLocale(req);
    if (chosen) user = await setLocale(ctx, user, chosen);
    await signIn(req, user, clock.now());
    res.json(await currentUserView(db, user, clock.now()));
  });

  router.post('/logout', async (req, res) => {
    if (req.session) await signOut(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.status(204).end();
  });

  router.get('/user', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await currentUserView(db, req.user!, clock.now()));
  });

  /** This request's session goes on with the account's new version; every other one has ended (and its row, with
   *  the device it names, goes too). */
  const keepThisSession = async (req: Request, version: number, options: { choseThePassword?: boolean } = {}) => {
    await new Promise<void>((resolve, reject) => {
      req.session.version = version;
      if (options.choseThePassword) req.session.choseThePassword = true;
      req.session.save((err) => (err ? reject(err) : resolve()));
    });
    await removeSessions(db, req.user!.id, req.sessionID);
  };

  router.post('/password', requireUser, rateLimit(db, clock, limits.passwordByUser), validate(changePasswordSchema), async (req, res) => {
    await keepThisSession(req, await changePassword(ctx, req.user!, req.body), { choseThePassword: true });
    res.status(204).end();
  });

  router.post('/sessions/end-others', requireUser, async (req, res) => {
    await keepThisSession(req, await endOtherSessions(ctx, req.user!));
    res.status(204).end();
  });

  router.post('/consent', requireUser, validate(consentSchema), async (req, res) => {
    res.json(await agreeToDocuments(db, req.user!, req.body.version, clock.now()));
  });

  router.put('/locale', requireUser, validate(setLocaleSchema), async (req, res) => {
    const user = await setLocale(ctx, req.user!, req.body.locale);
    res.json(await currentUserView(db, user, clock.now()));
  });

  router.post('/set-role', requireUser, validate(setRoleSchema), async (req, res) => {
    const user = await setRole(ctx, req.user!, req.body.role);
    res.json(await currentUserView(db, user, clock.now()));
  });

  // Per client address: a link with the sign-up password is a guess at that password.
  router.post('/verify-email', validate(verifyEmailSchema), rateLimit(db, clock, limits.verifyByIp), async (req, res) => {
    const chooser = req.session?.choseThePassword && req.user ? { userId: req.user.id, sessionVersion: req.session.version ?? -1 } : undefined;
    const outcome = await confirmEmail(ctx, req.body, { choseThePassword: chooser });
    if (outcome.status === 'password_required') {
      return res.json({ verified: false, passwordRequired: true, email: outcome.email } satisfies EmailConfirmationAnswer);
    }
    // Whoever proved they hold the account (its password, or a new one that ended every session) goes on signed
    // in, here.
    if (outcome.signIn && outcome.user.status !== 'suspended') await signIn(req, outcome.user, clock.now());
    res.json({ verified: true, email: outcome.user.email } satisfies EmailConfirmationAnswer);
  });

  router.post('/resend-verification', requireUser, rateLimit(db, clock, limits.resendByUser), async (req, res) => {
    await resendVerification(ctx, req.user!);
    mailer.kick();
    res.status(204).end();
  });

  router.post(
    '/forgot-password',
    validate(forgotPasswordSchema),
    rateLimit(db, clock, limits.resetByIp, limits.resetByEmail),
    (req, res) => {
      res.status(202).json({ message: 'If an account uses this e-mail, we have sent a link to reset the password.' });
      // After the answer: it then comes as fast for an address with an account as for one without (docs/decisions/0017).
      requestPasswordReset(ctx, req.body.email, {
        sent: () => mailer.kick(),
        failed: (err) => req.log.error({ err }, 'could not queue a password reset link'),
      });
    },
  );

  router.post('/reset-password', rateLimit(db, clock, limits.resetByIp), validate(resetPasswordSchema), async (req, res) => {
    const userId = await resetPassword(ctx, req.body.token, req.body.password);
    // Every session of that account has ended, this one too if it is one; someone else signed in here stays.
    if (req.session?.userId === userId) await signOut(req);
    res.json({ message: 'Your password has been changed. Please sign in.' });
  });

  return router;
}

// The signed-in devices of an account, as /profile and /account list them (GET /api/auth/sessions).

export const DEVICE_KINDS = ['phone', 'tablet', 'computer'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export interface SessionView {
  /** Names the session in DELETE /api/auth/sessions/:id; not the session's own id, which is never shown. */
  id: string;
  /** The session of the device asking. */
  current: boolean;
  /** As the browser named itself at sign-in (null: it did not say, or the session is older than this list). */
  browser: string | null;
  system: string | null;
  kind: DeviceKind | null;
  /** The network it signed in from, as an address prefix (203.0.113.0/24); null when not recorded. */
  network: string | null;
  /** The same network as the device asking. */
  sameNetwork: boolean;
  signedInAt: string | null;
  /** When it was last used, to within about a minute (the asking device: now). */
  lastSeenAt: string;
}

/** A session's id as the list shows it: 22 base64url characters. */
export const SESSION_VIEW_ID = /^[A-Za-z0-9_-]{22}$/;

// What the browser keeps of a profile being made, so a closed tab, a reload or a crashed browser loses nothing:
// - the introduction video waiting to be sent (IndexedDB), until the server has all of it; the next visit goes on
//   from the server's offset (docs/decisions/0035-the-recording-is-kept-in-the-browser.md). One video per account,
//   under the account's id, so a phone shared by two people never sends one person's video as the other's;
// - the profile form's drafts (localStorage), of a new profile and of changes to a saved one: what was typed and
//   chosen, and the uploads it finished, until the profile is saved or its account signs out
//   (docs/decisions/0054-the-profile-draft-kept-on-the-phone.md).

const DATABASE = 'wazifa';
const STORE = 'videos-to-send';

export interface KeptVideo {
  userId: string;
  blob: Blob;
  name: string;
  type: string;
  /** The file's own date, so the browser's resumable-upload fingerprint stays the same across visits. */
  lastModified: number;
  /** The resumable upload bringing it, once the server has made one. */
  uploadUrl?: string;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'userId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked'));
  });
}

/** One request in its own transaction; resolves when the transaction is done (written to disk for writes). */
async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/** Keeps the video; false when the browser cannot (private mode, no room): the upload goes on without the copy. */
export async function keepVideo(video: KeptVideo): Promise<boolean> {
  try {
    await run('readwrite', (store) => store.put(video));
    return true;
  } catch {
    return false;
  }
}

export async function keptVideo(userId: string): Promise<KeptVideo | undefined> {
  try {
    return (await run<KeptVideo | undefined>('readonly', (store) => store.get(userId))) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Notes the upload's address beside the video, so the next visit asks the server where it stopped. */
export async function rememberUploadUrl(userId: string, uploadUrl: string): Promise<void> {
  const video = await keptVideo(userId);
  if (video && video.uploadUrl !== uploadUrl) await keepVideo({ ...video, uploadUrl });
}

/** Forgets the kept video (the server has all of it, or the person chose another). */
export async function forgetVideo(userId: string): Promise<void> {
  try {
    await run('readwrite', (store) => store.delete(userId));
  } catch {
    // Nothing kept, or nothing to do.
  }
}

/**
 * The profile form's drafts: a new profile's, and the changes to a saved one (an edit), each under its own key so
 * that neither replaces the other.
 */
export type DraftKind = 'new' | 'edit';
const DRAFTS: Record<DraftKind, string> = { new: 'wazifa.profileDraft', edit: 'wazifa.profileEdit' };

/** The draft as stored: whatever the form put in it, with its account. */
type StoredDraft = Record<string, unknown> & { userId: string };

function storedDraft(kind: DraftKind): StoredDraft | undefined {
  try {
    const draft = JSON.parse(localStorage.getItem(DRAFTS[kind]) ?? 'null') as unknown;
    return draft && typeof draft === 'object' && typeof (draft as StoredDraft).userId === 'string' ? (draft as StoredDraft) : undefined;
  } catch {
    return undefined;
  }
}

/** The profile form's draft kept for this account, if any: never another account's. */
export function keptDraft(userId: string, kind: DraftKind = 'new'): Record<string, unknown> | undefined {
  const draft = storedDraft(kind);
  return draft?.userId === userId ? draft : undefined;
}

/**
 * Writes these parts of the account's draft (a part given as undefined is taken out). One draft of a kind per
 * browser: another account's is replaced, so a shared phone holds no more than the work of whoever is signed in.
 */
export function keepDraft(userId: string, parts: Record<string, unknown>, kind: DraftKind = 'new'): void {
  const draft = keptDraft(userId, kind);
  // Taking out a part of a draft there is not, is nothing to write.
  if (!draft && Object.values(parts).every((part) => part === undefined)) return;
  try {
    localStorage.setItem(DRAFTS[kind], JSON.stringify({ ...draft, ...parts, userId }));
  } catch {
    // No storage (private browsing, full): the form works as before, kept only in the page.
  }
}

/**
 * Forgets a draft of a kind: the account's own (its profile is saved), or whoever's it is. Signing out forgets both
 * kinds (no kind given).
 */
export function forgetDraft(userId?: string, kind?: DraftKind): void {
  for (const each of kind ? [kind] : (Object.keys(DRAFTS) as DraftKind[])) {
    if (userId !== undefined && !keptDraft(userId, each)) continue;
    try {
      localStorage.removeItem(DRAFTS[each]);
    } catch {
      // Nothing kept.
    }
  }
}

/**
 * What the console keeps in the browser (ARCHITECTURE.md §7.1–7.2): with "Remember me" only the
 * e-mail address, never a password, token or session id. Logout clears stored form data
 * (console.md §2 Header) but keeps the remembered e-mail.
 */
const REMEMBER_KEY = 'pesan.remember-email';
/** Keys of the original console (DATA_FORM held registration credentials); removed on logout. */
const FORM_DATA_KEYS = ['DATA_FORM', 'user', 'remember-user', 'app_id'];

/** The remembered e-mail, or null. */
export function readRememberedEmail(): string | null {
  try {
    return localStorage.getItem(REMEMBER_KEY);
  } catch {
    return null;
  }
}

/** Keeps `email` for the next visit, or forgets it when null. */
export function rememberEmail(email: string | null): void {
  try {
    if (email) localStorage.setItem(REMEMBER_KEY, email);
    else localStorage.removeItem(REMEMBER_KEY);
  } catch {
    /* storage unavailable (private mode): nothing to keep */
  }
}

/** Removes stored form data (and legacy keys) on logout. */
export function clearStoredFormData(): void {
  try {
    for (const k of FORM_DATA_KEYS) localStorage.removeItem(k);
    sessionStorage.clear();
  } catch {
    /* storage unavailable */
  }
}

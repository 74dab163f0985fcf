/** The support handle of the help link and the policy (configurable, default @SweatPactHelp). */
export const SUPPORT_HANDLE: string = import.meta.env.VITE_SUPPORT_HANDLE || '@SweatPactHelp';

/** Where the handle is reached; a Telegram link unless VITE_SUPPORT_URL names another place. */
export const SUPPORT_URL: string =
  import.meta.env.VITE_SUPPORT_URL || `https://t.me/${SUPPORT_HANDLE.replace(/^@/, '')}`;

/** Domains whose mailboxes ignore dots in the local part (Gmail's rule), and their canonical name. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to, for limits that must not be dodged by spelling one inbox many ways:
 * lowercase, without a `+tag` (most providers deliver `name+anything@` to `name@`), and for Gmail without dots
 * and with googlemail.com as gmail.com. Only for counting: mail still goes to the address as written.
 */
export function normalizeMailbox(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const canonical = DOTLESS_DOMAINS[domain];
  if (canonical) {
    domain = canonical;
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}

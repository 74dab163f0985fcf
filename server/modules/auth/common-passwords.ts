/**
 * Passwords refused at sign-up: the most common ones of public breach lists (lower-cased), so no account can
 * be guessed in a handful of tries. Checked case-insensitively.
 */
const COMMON = `123456 123456789 12345678 password qwerty123 qwerty1 111111 12345 1234567 1234567890 123123 000000
iloveyou 1q2w3e4r 1q2w3e4r5t qwertyuiop 123321 password1 password123 abc12345 abcd1234 654321 123qwe qwerty12
11111111 00000000 88888888 87654321 12341234 123456a a123456 aa123456 asdfghjk asdfghjkl zxcvbnm1 zxcvbnm123
sunshine princess football baseball welcome1 welcome123 monkey123 dragon123 letmein1 letmein123 superman
batman123 trustno1 passw0rd p@ssw0rd p@ssword admin123 administrator changeme changeme1 computer michael1
jennifer jordan23 liverpool chelsea1 arsenal1 starwars whatever1 iloveyou1 iloveyou2 loveme123 freedom1
shadow12 master12 mustang1 harley12 ranger12 hunter12 buster12 soccer12 hockey12 killer12 pepper12 ginger12
qazwsxedc 1qaz2wsx zaq12wsx qwer1234 asdf1234 zxcv1234 q1w2e3r4 q1w2e3r4t5 aaaaaaaa abcdefgh abcdefg1
password! password12 passwort motdepasse contraseña 12qwaszx 147258369 159357456 987654321 999999999
696969696 222222222 qwertyui asdasdasd 7777777777 workout1 fitness1 sweatpact sweatpact1 sweatpact123`;

const set = new Set(COMMON.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase();
  if (set.has(p)) return true;
  // One repeated character or a plain run of digits is as weak as a listed password.
  return /^(.)\1+$/.test(p) || (/^\d+$/.test(p) && p.length < 12);
}
